// The statuses of a part and their rules, without zod: every screen of the web app needs them
// before any form does (lifecycle.ts builds the schemas on them and re-exports them; the package is
// free of side effects, so a bundle that takes only these leaves zod out).

/**
 * A part's life in the yard (docs/product.md, "A part's life"): every part is `disponibile` when
 * registered; it can be reserved for a customer until a day, sold, returned, scrapped. Stable ASCII
 * codes; people read STATUS_LABELS.
 */
export const PART_STATUSES = ['disponibile', 'riservato', 'venduto', 'reso', 'scartato'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

/** How the UI and the server's messages name each status. */
export const STATUS_LABELS = {
  disponibile: 'Disponibile',
  riservato: 'Riservato',
  venduto: 'Venduto',
  reso: 'Reso',
  scartato: 'Scartato',
} as const satisfies Record<PartStatus, string>;

/**
 * The statuses a part may move to from each status. A reserved part may be reserved again (a
 * new customer or day); a sold part comes back only as `reso`; a returned part is back in stock
 * and moves like an available one; a scrapped part can be made available again (scrapped by
 * mistake). The server refuses any other move (409 INVALID_TRANSITION).
 */
export const STATUS_TRANSITIONS = {
  disponibile: ['riservato', 'venduto', 'scartato'],
  riservato: ['disponibile', 'riservato', 'venduto', 'scartato'],
  venduto: ['reso'],
  reso: ['disponibile', 'riservato', 'venduto', 'scartato'],
  scartato: ['disponibile'],
} as const satisfies Record<PartStatus, readonly PartStatus[]>;

/** Whether a part in status `from` may move to `to`. */
export function canMove(from: PartStatus, to: PartStatus): boolean {
  return (STATUS_TRANSITIONS[from] as readonly PartStatus[]).includes(to);
}

/** The statuses of the parts still in the warehouse: what the list shows unless asked otherwise. */
export const IN_STOCK_STATUSES = [
  'disponibile',
  'riservato',
  'reso',
] as const satisfies readonly PartStatus[];

/** The value of the `stato` query parameter that asks for every status. */
export const ALL_STATUSES = 'tutti';

/** The text of the `stato` parameter for these statuses ('' when they are the default). */
export function statusFilterParam(statuses: readonly PartStatus[]): string {
  const set = new Set(statuses);
  if (set.size === IN_STOCK_STATUSES.length && IN_STOCK_STATUSES.every((s) => set.has(s))) return '';
  if (set.size === PART_STATUSES.length) return ALL_STATUSES;
  return PART_STATUSES.filter((status) => set.has(status)).join(',');
}

/** A calendar day, 'YYYY-MM-DD', that exists ('2026-02-30' does not). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Cents in a euro: prices are stored in cents, exact in both databases. */
export const CENTS_PER_EURO = 100;

/** Euro (up to 2 decimals) to whole cents, the stored unit. */
export function centsFromEuro(euro: number): number {
  return Math.round(euro * CENTS_PER_EURO);
}

export function euroFromCents(cents: number): number {
  return Number(cents) / CENTS_PER_EURO;
}

/**
 * The statuses a `stato` query parameter asks for: IN_STOCK_STATUSES when it is left out or
 * empty, every status for `tutti`, else the ones listed (separated by commas) without repeats, in
 * PART_STATUSES order; undefined when it names anything else.
 */
export function parseStatusFilter(value: string | undefined): PartStatus[] | undefined {
  if (value === undefined || value === '') return [...IN_STOCK_STATUSES];
  if (value === ALL_STATUSES) return [...PART_STATUSES];
  const asked = value.split(',').map((part) => part.trim());
  if (asked.some((part) => !(PART_STATUSES as readonly string[]).includes(part))) return undefined;
  return PART_STATUSES.filter((status) => asked.includes(status));
}
