import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useCategoryParts } from '../api/get-category-parts';
import { sortParam, type ListSort } from '../components/list-search';
import { PagedPartsTable } from '../components/PagedPartsTable';
import { PageSizeSelect } from '../components/PageSizeSelect';
import { StatusFilterSelect } from '../components/StatusFilterSelect';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../components/use-list-search';
import '../components/print.css';

/** The server's order without `sort`: newest first. */
const NEWEST_FIRST: ListSort = { field: 'createdAt', descending: true };

/**
 * One category, named by the URL (so a reload or a shared link shows it again): the parts table
 * (those in stock unless 'Stato' says otherwise), sorted and paged by the server, and a print
 * button that prints the table alone (once the page asked for is there: before, it would print
 * the loading message, or the previous page kept on screen meanwhile).
 */
export default function CategoryPage() {
  const { categoria = '' } = useParams();
  useDocumentTitle(t.category.title(categoria));
  const { filters, setFilters, sort, page, pageSize, setSort, setPageSize, replacePage, pageHref } =
    useListSearch();
  const query = useCategoryParts(categoria, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    sort: sort ? sortParam(sort) : null,
    stato: filters.stato,
  });

  useEffect(() => {
    // Scopes the print stylesheet to this screen: navbar, footer and controls are left out.
    document.body.classList.add('print-table-only');
    return () => document.body.classList.remove('print-table-only');
  }, []);

  return (
    <section className="container-fluid px-lg-4">
      <PageHeader
        title={categoria}
        actions={
          <>
            <Button
              variant="primary"
              disabled={query.data === undefined || query.isPlaceholderData}
              onClick={() => window.print()}
            >
              {t.category.print}
            </Button>
            <Link className="btn btn-secondary" to={paths.categories.getHref()}>
              {t.category.back}
            </Link>
          </>
        }
      />
      <div className="d-flex flex-wrap gap-2 column-gap-4 mb-3">
        <StatusFilterSelect
          id="categoria-stato"
          className="d-flex align-items-center gap-2 d-print-none"
          labelClassName="mb-0 text-nowrap"
          inputClassName="w-auto"
          value={filters.stato}
          onChange={(stato) => setFilters({ stato })}
        />
        <PageSizeSelect value={pageSize} onChange={setPageSize} />
      </div>
      <PagedPartsTable
        query={query}
        page={page}
        pageSize={pageSize}
        hrefFor={pageHref}
        replacePage={replacePage}
        caption={t.category.title(categoria)}
        empty={
          <EmptyState
            title={t.category.empty}
            text={t.category.emptyText}
            action={
              <Link className="btn btn-primary" to={paths.categories.getHref()}>
                {t.category.back}
              </Link>
            }
          />
        }
        errorTitle={t.category.errorTitle}
        sort={sort ?? NEWEST_FIRST}
        onSort={setSort}
      />
    </section>
  );
}
