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

/** 'Elenco Componenti': filtered, counted and paged by the server. */
export default function PartsListPage() {
  useDocumentTitle(t.list.title);
  const { filters, page, pageSize, setFilters, resetFilters, setPageSize, replacePage, pageHref } =
    useListSearch();
  const query = useParts({ ...filters, limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <section className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{t.list.title}</h1>
        <div className="d-flex flex-wrap gap-2">
          {/* A plain link: the browser streams the server's CSV straight to disk. */}
          <a className="btn btn-success" href={exportCsvUrl(filters)} download>
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
      />
    </section>
  );
}
