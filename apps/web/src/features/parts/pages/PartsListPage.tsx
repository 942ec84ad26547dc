import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { exportCsvUrl } from '../api/export-csv';
import { exportXlsxUrl } from '../api/export-xlsx';
import { useParts } from '../api/get-parts';
import { sortParam, type ListSort } from '../components/list-search';
import { PagedPartsTable } from '../components/PagedPartsTable';
import { PageSizeSelect } from '../components/PageSizeSelect';
import { PartsFilters } from '../components/PartsFilters';
import { useListSearch } from '../components/use-list-search';
import { usePartSelection } from '../components/use-part-selection';

/** The server's own order without `sort`: newest first, unless a search puts exact code matches first. */
const NEWEST_FIRST: ListSort = { field: 'createdAt', descending: true };

/**
 * 'Elenco componenti': searched, filtered, sorted, counted and paged by the server. An empty
 * result says what to do next: clear the filters, or (an empty warehouse) add the first part.
 */
export default function PartsListPage() {
  useDocumentTitle(t.list.title);
  const canWrite = useCan('parts:write');
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
  // Rows chosen for labels, kept across pages, filters and orders.
  const selection = usePartSelection();
  const shownSort = sort ?? (filters.q.trim() === '' ? NEWEST_FIRST : null);
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  const addLink = (label: string) => (
    <Link className="btn btn-primary" to={paths.addPart.getHref()}>
      {label}
    </Link>
  );

  return (
    <section className="container-fluid px-lg-4">
      <PageHeader
        title={t.list.title}
        actions={
          <>
            {/* A plain link: the browser streams the server's CSV straight to disk. */}
            <a className="btn btn-soft-secondary" href={exportCsvUrl(listFilter)} download>
              {t.list.exportCsv}
            </a>
            <a className="btn btn-soft-secondary" href={exportXlsxUrl(listFilter)} download>
              {t.list.exportXlsx}
            </a>
            {canWrite && addLink(t.list.add)}
          </>
        }
      />
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
        empty={
          filtered ? (
            <EmptyState
              icon="search"
              title={t.list.empty}
              text={t.list.emptyFiltered}
              action={
                <Button variant="primary" onClick={resetFilters}>
                  {t.list.reset}
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={t.list.emptyStore}
              text={canWrite ? t.list.emptyStoreText : t.list.emptyStoreReadOnly}
              action={canWrite ? addLink(t.list.addFirst) : undefined}
            />
          )
        }
        errorTitle={t.list.errorTitle}
        search={filters}
        sort={shownSort}
        onSort={setSort}
        selection={selection}
      />
    </section>
  );
}
