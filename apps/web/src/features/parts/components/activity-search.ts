import { isCalendarDay } from '@magazzino/contract';
import type { ActivityFilter } from '../api/query-keys';

/** Names of the query parameters of the 'Attività' page. */
export const ACTIVITY_KEYS = { user: 'utente', day: 'giorno' } as const;

/** The day of the URL ('2026-11-24'), or '' when none (or not a day). */
export function readDay(raw: string | null): string {
  return raw !== null && isCalendarDay(raw) ? raw : '';
}

/**
 * The bounds the API filters by for a day of the clerk's calendar: the ISO instants of its local
 * start and of the next day's (`[dal, al)`), so a day is the clerk's day wherever the server is.
 * A day change of the clocks (23 or 25 hours) is one day all the same.
 */
export function dayBounds(day: string): Pick<ActivityFilter, 'dal' | 'al'> {
  if (day === '') return { dal: '', al: '' };
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return {
    dal: new Date(year, month - 1, date).toISOString(),
    al: new Date(year, month - 1, date + 1).toISOString(),
  };
}
