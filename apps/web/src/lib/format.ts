/** Italian formatting of numbers and dates: every number or date shown goes through these. */
const LOCALE = 'it-IT';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });
const yearFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric' });

/**
 * A number the Italian way ('1.234,5'); `maximumFractionDigits` defaults to 3. With
 * `minimumFractionDigits` (an amount of money: 2) the places are always written ('12,50').
 */
export function formatNumber(value: number, maximumFractionDigits = 3, minimumFractionDigits = 0): string {
  if (maximumFractionDigits === 3 && minimumFractionDigits === 0) return decimalFormat.format(value);
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits, minimumFractionDigits }).format(value);
}

/** A whole count ('12.500'). */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** A date and time as 'dd/mm/yy, hh:mm'. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** The year of a date ('2025'). */
export function formatYear(value: Date): string {
  return yearFormat.format(value);
}
