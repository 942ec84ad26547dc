import Badge from 'react-bootstrap/Badge';
import type { Part, PartStatus } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatCalendarDay } from './format';

const t = messages.lifecycle;

/** The colour of each status: in stock green, held yellow, gone grey, back blue, scrapped red. */
const COLOURS = {
  disponibile: 'success',
  riservato: 'warning',
  venduto: 'secondary',
  reso: 'info',
  scartato: 'danger',
} as const satisfies Record<PartStatus, string>;

interface StatusBadgeProps {
  part: Pick<Part, 'stato' | 'riserva'>;
  /**
   * 'line': a reserved part's last day on a small line under the badge (the table); 'title': in the
   * badge's tooltip and for screen readers only (a phone card, where every line counts); 'none':
   * not at all (the part's page says it in full beside the badge).
   */
  until?: 'line' | 'title' | 'none';
}

/** A part's status as a coloured badge ('Riservato'), with the last day of a reservation. */
export function StatusBadge({ part, until = 'line' }: StatusBadgeProps) {
  const colour = COLOURS[part.stato];
  const day =
    until !== 'none' && part.stato === 'riservato' && part.riserva
      ? formatCalendarDay(part.riserva.fino)
      : null;
  const untilText = day === null ? null : t.reservedUntil(day);
  return (
    <>
      <Badge
        bg={colour}
        text={colour === 'warning' || colour === 'info' ? 'dark' : undefined}
        className="parts-status"
        title={until === 'title' && untilText !== null ? untilText : undefined}
      >
        {t.statuses[part.stato]}
        {until === 'title' && untilText !== null && <span className="visually-hidden"> {untilText}</span>}
      </Badge>
      {until === 'line' && untilText !== null && (
        <span className="d-block small text-body-secondary parts-status-until">{untilText}</span>
      )}
    </>
  );
}
