import { isCalendarDay, SECURITY_EVENT_TYPES, type SecurityEventType } from '@magazzino/contract';
import type { SecurityLogFilter } from '../api/query-keys';

/** Names of the query parameters of the 'Registro di sicurezza' page. */
export const LOG_KEYS = { type: 'tipo', user: 'utente', from: 'dal', to: 'al' } as const;

/** The event type of the URL, or '' when none (or not one of the log's). */
export function readType(raw: string | null): SecurityEventType | '' {
  return raw !== null && (SECURITY_EVENT_TYPES as readonly string[]).includes(raw)
    ? (raw as SecurityEventType)
    : '';
}

/** The day of the URL ('2026-11-24'), or '' when none (or not a day). */
export function readDay(raw: string | null): string {
  return raw !== null && isCalendarDay(raw) ? raw : '';
}

/** The local midnight that starts `day` plus `offset` days, as an ISO instant. */
function startOf(day: string, offset: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + offset).toISOString();
}

/**
 * The API's filter for the page's: the type, the account, and the days from `dal` to `al` (both
 * included) of the amministratore's calendar, as the instants [start of dal, start of the day after al).
 */
export function toApiFilter(page: {
  tipo: string;
  utente: string;
  dal: string;
  al: string;
}): SecurityLogFilter {
  return {
    tipo: page.tipo,
    utente: page.utente,
    dal: page.dal === '' ? '' : startOf(page.dal, 0),
    al: page.al === '' ? '' : startOf(page.al, 1),
  };
}
