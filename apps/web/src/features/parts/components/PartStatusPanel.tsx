import type { Part } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatCalendarDay, formatPrezzo } from './format';
import { StatusActions } from './StatusActions';
import { StatusBadge } from './StatusBadge';

const t = messages.lifecycle.panel;

/** A reserved part's customer and day, or a sold part's price and day. */
function Details({ part }: { part: Part }) {
  if (part.stato === 'riservato' && part.riserva) {
    const { cliente, telefono, fino } = part.riserva;
    return (
      <dl className="row mb-0 small part-status-details">
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t.reservedFor}</dt>
        <dd className="col-7 col-sm-8 mb-1">{cliente}</dd>
        {telefono && (
          <>
            <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t.phone}</dt>
            <dd className="col-7 col-sm-8 mb-1">
              <a href={`tel:${telefono.replace(/\s+/g, '')}`}>{telefono}</a>
            </dd>
          </>
        )}
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t.until}</dt>
        <dd className="col-7 col-sm-8 mb-1">{formatCalendarDay(fino)}</dd>
      </dl>
    );
  }
  if (part.stato === 'venduto' && part.vendita) {
    return (
      <dl className="row mb-0 small part-status-details">
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t.soldFor}</dt>
        <dd className="col-7 col-sm-8 mb-1">{formatPrezzo(part.vendita.prezzo)}</dd>
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t.soldOn}</dt>
        <dd className="col-7 col-sm-8 mb-1">{formatCalendarDay(part.vendita.data)}</dd>
      </dl>
    );
  }
  return null;
}

interface PartStatusPanelProps {
  part: Part;
  /** The ETag of the version shown: a status change sends it as If-Match. */
  etag: string | null;
}

/**
 * 'Stato' on a part's page and its edit screen: the badge and the asking price, for whom and until
 * when it is reserved or for how much it was sold, and the moves its status allows.
 */
export function PartStatusPanel({ part, etag }: PartStatusPanelProps) {
  return (
    <section className="card mb-3" aria-labelledby="part-status-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id="part-status-title" className="h5 card-title mb-0 me-1">
            {t.title}
          </h2>
          <span className="fs-6">
            <StatusBadge part={part} until="none" />
          </span>
          <span className="text-body-secondary small">
            {part.prezzo === null ? t.noPrice : t.askingPrice(formatPrezzo(part.prezzo))}
          </span>
        </div>
        <Details part={part} />
        <div className="mt-2">
          <StatusActions part={part} etag={etag} variant="buttons" />
        </div>
      </div>
    </section>
  );
}
