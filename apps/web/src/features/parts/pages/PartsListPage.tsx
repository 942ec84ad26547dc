import { Link } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { exportCsvUrl } from '../api/export-csv';
import { useParts } from '../api/get-parts';
import { PagedPartsTable } from '../components/PagedPartsTable';
import { PageSizeSelect } from '../components/PageSizeSelect';
import { PartsFilters } from '../components/PartsFilters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../components/use-list-search';
import { sortParam, type ListSort } from '../components/list-search';

/** The server's own order without `sort`: newest first, unless a search puts exact code matches first. */
const NEWEST_FIRST: ListSort = { field: 'createdAt', descending: true };

/** 'Elenco Componenti': searched, filtered, sorted, counted and paged by the server. */
export default function PartsListPage() {
  useDocumentTitle(t.list.title);
  const {
    filters,
    sort,
    page,
    pageSize,
    setFilters,
    resetFilters,
    setSort,
    setPageSize,
    replacePage,
    pageHref,
  } = useListSearch();
  const listFilter = { ...filters, sort: sort ? sortParam(sort) : null };
  const query = useParts({ ...listFilter, limit: pageSize, offset: (page - 1) * pageSize });
  const shownSort = sort ?? (filters.q.trim() === '' ? NEWEST_FIRST : null);

  return (
    <section className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t.list.title}</h1>
        <div className="d-flex flex-wrap gap-2">
          {/* A plain link: the browser streams the server's CSV straight to disk. */}
          <a className="btn btn-success" href={exportCsvUrl(listFilter)} download>
            {t.list.exportCsv}
          </a>
          <Link className="btn btn-primary" to={paths.addPart.getHref()}>
            {t.list.add}
          </Link>
        </div>
      </div>
      <div className="mb-3">
        <PartsFilters value={filters} onChange={setFilters} onReset={resetFilters} />
      </div>
      <div className="mb-3">
        <PageSizeSelect value={pageSize} onChange={setPageSize} />
      </div>
      <PagedPartsTable
        query={query}
        page={page}
        pageSize={pageSize}
        hrefFor={pageHref}
        replacePage={replacePage}
        caption={t.table.caption}
        emptyText={t.list.empty}
        errorTitle={t.list.errorTitle}
        search={filters}
        sort={shownSort}
        onSort={setSort}
      />
    </section>
  );
}
