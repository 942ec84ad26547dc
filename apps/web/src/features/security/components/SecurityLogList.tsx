import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import type { SecurityEvent } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { actorText, detailsText, originText, subjectText } from './event-text';

const t = messages.security;

/** Failures stand out in the list. */
const WARNING_TYPES: ReadonlySet<string> = new Set(['accesso_fallito', 'codice_due_fattori_errato']);

function EventBadge({ event }: { event: SecurityEvent }) {
  return (
    <Badge bg={WARNING_TYPES.has(event.tipo) ? 'danger' : 'secondary'} className="text-wrap text-start">
      {t.eventLabels[event.tipo]}
    </Badge>
  );
}

/**
 * The entries of the log: a table on a desktop, one card each on a phone (below 768 px), with
 * when, what, about whom, by whom, from where and the details.
 */
export function SecurityLogList({ events }: { events: readonly SecurityEvent[] }) {
  const phone = useMediaQuery('(max-width: 767.98px)');
  const c = t.log.columns;
  if (phone) {
    return (
      <ul className="list-unstyled d-grid gap-2" aria-label={t.log.caption}>
        {events.map((event) => (
          <li key={event._id} className="card">
            <div className="card-body py-2">
              <div className="d-flex flex-wrap justify-content-between gap-2 mb-1">
                <EventBadge event={event} />
                <time className="small text-body-secondary" dateTime={event.at}>
                  {formatDateTime(event.at)}
                </time>
              </div>
              <dl className="row small mb-0">
                <dt className="col-5">{c.user}</dt>
                <dd className="col-7 text-break">{subjectText(event)}</dd>
                <dt className="col-5">{c.actor}</dt>
                <dd className="col-7 text-break">{actorText(event)}</dd>
                <dt className="col-5">{c.where}</dt>
                <dd className="col-7 text-break">{originText(event)}</dd>
                {detailsText(event) !== '' && (
                  <>
                    <dt className="col-5">{c.details}</dt>
                    <dd className="col-7 mb-0 text-break">{detailsText(event)}</dd>
                  </>
                )}
              </dl>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table responsive hover className="align-middle small">
      <caption className="visually-hidden">{t.log.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{c.when}</th>
          <th scope="col">{c.event}</th>
          <th scope="col">{c.user}</th>
          <th scope="col">{c.actor}</th>
          <th scope="col">{c.where}</th>
          <th scope="col">{c.details}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event._id}>
            <td className="text-nowrap">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </td>
            <td>
              <EventBadge event={event} />
            </td>
            <td className="text-break">{subjectText(event)}</td>
            <td>{actorText(event)}</td>
            <td className="text-break">{originText(event)}</td>
            <td>{detailsText(event)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
