import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { VEHICLE_LIMITS } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { vehicles as t } from '../../../i18n/vehicles';
import { formatInteger } from '../../../lib/format';
import { pageCount } from '../../../lib/pagination-window';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVehicles } from '../api/get-vehicles';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { EMPTY_VEHICLE_FILTERS, useVehicleSearch, VEHICLE_FILTERS } from '../components/use-vehicle-search';
import { VehiclesFilters } from '../components/VehiclesFilters';
import { VehiclesTable } from '../components/VehiclesTable';
import '../components/vehicles.css';

/** Vehicles per page. */
const PAGE_SIZE = VEHICLE_LIMITS.pageDefault;

/**
 * 'Veicoli': the donor vehicles, newest entry first, filtered by targa, telaio, marca and modello
 * (in the URL, so a reload or a shared link shows the same page), counted and paged by the server.
 * A table on a desktop, a card per vehicle on a phone; 'Aggiungi veicolo' for roles that write.
 */
export default function VehiclesListPage() {
  useDocumentTitle(t.list.title);
  const canWrite = useCan('parts:write');
  const { filters, page, setFilters, replacePage, pageHref } = useVehicleSearch();
  const query = useVehicles({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const data = query.data;
  const totalPages = data ? pageCount(data.total, PAGE_SIZE) : 1;
  const filtered = VEHICLE_FILTERS.some((key) => filters[key].trim() !== '');

  // A page past the end (an old link, the last vehicle of a page deleted): show the last page.
  const settled = !query.isPlaceholderData && !query.isFetching;
  const pastTheEnd = data !== undefined && data.total > 0 && page > totalPages;
  useEffect(() => {
    if (settled && pastTheEnd) replacePage(totalPages);
  }, [settled, pastTheEnd, totalPages, replacePage]);

  const addLink = (label: string) => (
    <Link className="btn btn-primary" to={paths.addVehicle.getHref()}>
      {label}
    </Link>
  );

  return (
    <section className="container-fluid px-lg-4">
      <PageHeader title={t.list.title} lead={t.list.lead} actions={canWrite && addLink(t.list.add)} />
      <div className="mb-3">
        <VehiclesFilters value={filters} onChange={setFilters} />
      </div>
      {query.isPending && (
        <LoadingSkeleton>
          {Array.from({ length: 4 }, (_, index) => (
            <span key={index} className="placeholder col-12 mb-3 rounded" style={{ height: '3.5rem' }} />
          ))}
        </LoadingSkeleton>
      )}
      {query.isError && (
        <ErrorMessage title={t.list.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {data && (
        <>
          <p className="mb-2" aria-live="polite">
            {t.list.total(formatInteger(data.total))}
            {totalPages > 1 && (
              <span className="text-body-secondary">
                {' · '}
                {t.list.pageOf(formatInteger(Math.min(page, totalPages)), formatInteger(totalPages))}
              </span>
            )}
          </p>
          {data.vehicles.length === 0 ? (
            filtered ? (
              <EmptyState
                icon="search"
                title={t.list.empty}
                text={t.list.emptyFiltered}
                action={
                  <Button variant="primary" onClick={() => setFilters(EMPTY_VEHICLE_FILTERS)}>
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
          ) : (
            <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'opacity-50' : ''}>
              <VehiclesTable vehicles={data.vehicles} />
            </div>
          )}
          <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
        </>
      )}
    </section>
  );
}
