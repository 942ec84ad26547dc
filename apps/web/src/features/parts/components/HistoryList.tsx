import { Link } from 'react-router';
import type { PartEvent } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { describeEvent } from './history-sentences';

const t = messages.history;

interface HistoryListProps {
  events: readonly PartEvent[];
  /** Names the list for screen readers. */
  label: string;
  /** Each entry also names its part, as a link to the part's page ('Attività'). */
  showPart?: boolean;
}

/** Events as sentences, newest first, each with its time ('20/11/26, 10:00'). */
export function HistoryList({ events, label, showPart = false }: HistoryListProps) {
  return (
    <ol className="list-group list-group-flush history-list" aria-label={label}>
      {events.map((event) => (
        <li key={event._id} className="list-group-item px-0 history-entry">
          <time dateTime={event.at} className="d-block small text-body-secondary">
            {formatDateTime(event.at)}
          </time>
          {showPart && (
            <span className="d-block fw-semibold text-break">
              <span className="visually-hidden">{t.activity.part} </span>
              <Link to={paths.part.getHref(event.componente._id)}>{event.componente.nome}</Link>
            </span>
          )}
          <span className="d-block text-break">{describeEvent(event)}</span>
        </li>
      ))}
    </ol>
  );
}
