/**
 * The yard's calendar: a reservation lasts until the end of its day and a sale is dated on the
 * day it happens, in the yard's own time zone, whatever the server's (often UTC) is.
 */
export const YARD_TIME_ZONE = 'Europe/Rome';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: YARD_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The yard's day at `instant`, as 'YYYY-MM-DD'. */
export function yardDay(instant: Date): string {
  return dayFormat.format(instant);
}
