import { Link } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCategories } from '../api/get-categories';
import { ErrorMessage, LoadingText } from '../components/QueryStatus';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** 'Consulta Categorie': one tile per category with its number of parts. */
export default function CategoriesPage() {
  useDocumentTitle(t.categories.title);
  const query = useCategories();

  return (
    <section className="container py-3">
      <h1 className="h2">{t.categories.title}</h1>
      <p className="lead">{t.categories.subtitle}</p>
      {query.isPending && <LoadingText />}
      {query.isError && (
        <ErrorMessage
          title={t.categories.errorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data?.length === 0 && <p className="fs-5">{t.categories.empty}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="row g-3 list-unstyled">
          {query.data.map(({ categoria, count }) => (
            <li key={categoria} className="col-12 col-sm-6 col-lg-4 col-xl-3">
              <Link
                to={paths.category.getHref(categoria)}
                className="card h-100 text-decoration-none shadow-sm"
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
    </section>
  );
}
