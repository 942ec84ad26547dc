import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { PageHeader } from '../../../components/PageHeader';
import { messages } from '../../../i18n';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories } from '../api/get-categories';
import { readStatusParam, SEARCH_KEYS, withSearch } from '../components/list-search';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { StatusFilterSelect } from '../components/StatusFilterSelect';
import '../components/parts.css';

/**
 * 'Rinomina o unisci categorie', for amministratori only: its form (zod, react-hook-form) loads
 * after the tiles, so the page a clerk opens does not wait for it.
 */
const CategoryActions = lazy(() =>
  import('../components/CategoryActions').then((module) => ({ default: module.CategoryActions })),
);

/** Tiles drawn while the categories load (a yard has a dozen or so). */
const SKELETON_TILES = 8;

const TILE_COLUMN = 'col-12 col-sm-6 col-lg-4 col-xl-3';

/**
 * 'Consulta categorie': one tile per category with its number of parts (those in stock, unless
 * 'Stato' says otherwise: the choice is kept in the URL and carried to the category opened).
 */
export default function CategoriesPage() {
  useDocumentTitle(t.categories.title);
  const [search, setSearch] = useSearchParams();
  const stato = readStatusParam(search.get(SEARCH_KEYS.stato));
  const query = useCategories(stato);
  const canWrite = useCan('parts:write');
  const canManage = useCan('categories:manage');

  return (
    <section className="container">
      <PageHeader title={t.categories.title} lead={t.categories.subtitle} />
      <StatusFilterSelect
        id="categorie-stato"
        className="d-flex align-items-center gap-2 mb-3"
        labelClassName="mb-0 text-nowrap"
        inputClassName="w-auto"
        value={stato}
        onChange={(next) => setSearch((prev) => withSearch(prev, { [SEARCH_KEYS.stato]: next }))}
      />
      {query.isPending && (
        <LoadingSkeleton>
          <ul className="row g-3 list-unstyled">
            {Array.from({ length: SKELETON_TILES }, (_, i) => (
              <li key={i} className={TILE_COLUMN}>
                <span className="card category-tile">
                  <span className="card-body d-block">
                    <span className="card-title h5 d-block">
                      <span className="placeholder rounded" style={{ width: `${45 + ((i * 17) % 40)}%` }} />
                    </span>
                    <span className="placeholder rounded" style={{ width: '6rem' }} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </LoadingSkeleton>
      )}
      {query.isError && (
        <ErrorMessage
          title={t.categories.errorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data?.length === 0 && (
        <EmptyState
          title={stato === '' ? t.categories.empty : messages.lifecycle.filter.noneWithStatus}
          text={stato === '' ? t.categories.emptyText : undefined}
          action={
            canWrite && stato === '' ? (
              <Link className="btn btn-primary" to={paths.addPart.getHref()}>
                {t.list.addFirst}
              </Link>
            ) : undefined
          }
        />
      )}
      {query.data && query.data.length > 0 && (
        <ul className="row g-3 list-unstyled">
          {query.data.map(({ categoria, count }) => (
            <li key={categoria} className={TILE_COLUMN}>
              <Link
                to={{
                  pathname: paths.category.getHref(categoria),
                  search: stato === '' ? '' : `?${new URLSearchParams({ stato }).toString()}`,
                }}
                className="card category-tile h-100 text-decoration-none shadow-sm"
              >
                <span className="card-body d-block">
                  <span className="card-title h5 d-block text-break">{categoria}</span>
                  <span className="badge text-bg-secondary">
                    {t.categories.count(count, formatInteger(count))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canManage && query.data && query.data.length > 0 && (
        <Suspense fallback={null}>
          <CategoryActions categories={query.data} />
        </Suspense>
      )}
    </section>
  );
}
