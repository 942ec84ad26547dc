import { LOCATION_FIELDS, PART_FIELD_SPECS, type FieldSpec, type Location } from '@magazzino/contract';
import { formatNumber } from '../../../lib/format';
import { parts as t } from '../../../i18n/parts';

/** A weight as Italian staff read it: '1,5 Kg', '0,125 Kg', '1.250 Kg'. */
export function formatPeso(peso: number): string {
  return `${formatNumber(peso, 3)} ${t.table.pesoUnit}`;
}

// Always grouped ('€ 1.250,00'): Italian numbers group only from 10.000 on, prices read better grouped.
const priceFormat = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

/**
 * A price in euro as the yard writes it on a tag: '€ 45,00', '€ 1.250,50'. (Intl's own it-IT
 * currency format puts the sign after the number, '45,00 €'; the shop's habit is the sign first.)
 */
export function formatPrezzo(euro: number): string {
  return `€ ${priceFormat.format(euro)}`;
}

/** Whether a field holds an amount of euro: its form field always shows the cents ('12,50'). */
export function isMoney(spec: FieldSpec): boolean {
  return spec.unit === '€';
}

/** A calendar day of the API ('2026-11-30') as '30/11/2026', read as written (no time zone shift). */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** Today, or `days` from today, as the API writes a calendar day ('2026-11-30'), in local time. */
export function calendarDayFromToday(days = 0, now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A web search of a part code, opened from the table to look the part up. */
export function codeSearchUrl(codice: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(codice)}`;
}

const dayFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short' });
const longFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeStyle: 'short' });

/** The day of a timestamp, short: '01/01/26' (the list's 'Inserito il' column). */
export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** A timestamp in words: '1 gennaio 2026 alle ore 10:00' (the part's page). */
export function formatWhen(iso: string): string {
  return longFormat.format(new Date(iso));
}

/** A value as shown, or '—' when an optional field was left empty. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return t.part.empty;
  const text = String(value).trim();
  return text === '' ? t.part.empty : text;
}

/** The segments of a part's location, in order (scaffale, campata, ripiano, cassetta). */
export function locationSegments(location: Location): string[] {
  return LOCATION_FIELDS.map((name) => location[name]);
}

/** The location on one line: 'G · 2 · 3 · 12'. */
export function locationLine(location: Location): string {
  return locationSegments(location).join(' · ');
}

/** The location in words: 'Scaffale G, campata 2, ripiano 3, cassetta 12'. */
export function locationWords(location: Location): string {
  const [scaffale = '', campata = '', ripiano = '', cassetta = ''] = locationSegments(location);
  return t.table.location(scaffale, campata, ripiano, cassetta);
}

/** The leading segments of a location in words: 'scaffale G, campata 2' (a partial lookup). */
export function locationPrefixWords(segments: readonly string[]): string {
  const words = segments.map((segment, index) => {
    const name = LOCATION_FIELDS[index];
    return `${name ? PART_FIELD_SPECS[name].label.toLowerCase() : ''} ${segment}`;
  });
  return words.join(', ');
}
