import { useEffect } from 'react';
import { Link } from 'react-router';
import { STATUS_LABELS, type Vehicle } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { Pagination } from '../../../components/Pagination';
import { vehicles as t } from '../../../i18n/vehicles';
import { formatInteger } from '../../../lib/format';
import { pageCount } from '../../../lib/pagination-window';
import { paths } from '../../../lib/paths';
import { useVehicleParts } from '../api/get-vehicle-parts';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useVehicleSearch } from './use-vehicle-search';

/** Parts per page of a vehicle's list. */
const PAGE_SIZE = 10;

/**
 * The parts taken from a vehicle (whatever their status), newest first, paged by the server (the
 * page in the URL): each its name (a link to its page), status, category, code and location.
 */
export function VehicleParts({ vehicle }: { vehicle: Vehicle }) {
  const { page, replacePage, pageHref } = useVehicleSearch();
  const query = useVehicleParts(vehicle._id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const data = query.data;
  const totalPages = data ? pageCount(data.total, PAGE_SIZE) : 1;
  const settled = !query.isPlaceholderData && !query.isFetching;
  const pastTheEnd = data !== undefined && data.total > 0 && page > totalPages;
  useEffect(() => {
    if (settled && pastTheEnd) replacePage(totalPages);
  }, [settled, pastTheEnd, totalPages, replacePage]);

  if (query.isPending) return <p className="text-body-secondary">{t.page.parts}…</p>;
  if (!data) {
    return (
      <ErrorMessage title={t.page.partsError} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (data.total === 0 && data.parts.length === 0) {
    return <EmptyState headingLevel={3} title={t.page.partsEmpty} text={t.page.partsEmptyText} />;
  }
  const c = t.page.partColumns;
  return (
    <>
      <p className="mb-2" aria-live="polite">
        {t.page.partsCount(data.total, formatInteger(data.total))}
      </p>
      <ul
        className={`list-group mb-3${query.isPlaceholderData ? ' opacity-50' : ''}`}
        aria-label={t.page.partsCaption(vehicle.targa)}
        aria-busy={query.isPlaceholderData}
      >
        {data.parts.map((part) => (
          <li key={part._id} className="list-group-item">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <Link to={paths.part.getHref(part._id)} className="fw-semibold">
                {part.nome}
              </Link>
              <span className="badge text-bg-secondary align-self-start">
                <span className="visually-hidden">{c.stato}: </span>
                {STATUS_LABELS[part.stato]}
              </span>
            </div>
            <p className="small text-body-secondary mb-0">
              <span className="visually-hidden">{c.categoria}: </span>
              {part.categoria}
              {part.codice !== null && (
                <>
                  {' · '}
                  {c.codice} {part.codice}
                </>
              )}
              {' · '}
              {c.ubicazione} {[part.scaffale, part.campata, part.ripiano, part.cassetta].join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
    </>
  );
}
