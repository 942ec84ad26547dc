import { z } from 'zod';
import { CONTROL_CHARACTERS, controlCharactersMessage, parseDecimal, requiredText } from './common.js';
import { LIMITS } from './limits.js';

/**
 * A part's life in the yard (docs/product.md, "A part's life"): every part is `disponibile` when
 * registered; it can be reserved for a customer until a day, sold, returned, scrapped. Stable ASCII
 * codes; people read STATUS_LABELS.
 */
export const PART_STATUSES = ['disponibile', 'riservato', 'venduto', 'reso', 'scartato'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

export const PartStatusSchema = z.enum(PART_STATUSES, {
  error: `Lo stato deve essere uno di: ${PART_STATUSES.join(', ')}`,
});

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

/**
 * The `stato` query parameter of the lists, the categories, the location lookups and the export:
 * one status or several separated by commas (`riservato,venduto`), or `tutti`. Left out, it means
 * IN_STOCK_STATUSES. Parsed into the list of statuses asked for, without repeats, in PART_STATUSES order.
 */
export const StatusFilterSchema = z
  .string({ error: 'Il filtro stato deve essere un testo' })
  .trim()
  .max(200, { error: 'Il filtro stato è troppo lungo' })
  .optional()
  .transform((value, ctx): PartStatus[] => {
    if (value === undefined || value === '') return [...IN_STOCK_STATUSES];
    if (value === ALL_STATUSES) return [...PART_STATUSES];
    const asked = value.split(',').map((part) => part.trim());
    const unknown = asked.find((part) => !(PART_STATUSES as readonly string[]).includes(part));
    if (unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `Il filtro stato accetta ${PART_STATUSES.join(', ')} (separati da virgole) o ${ALL_STATUSES}`,
      });
      return z.NEVER;
    }
    return PART_STATUSES.filter((status) => asked.includes(status));
  });

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

/** A day field of a status change, messages naming it. */
function dayField(subject: string, feminine: boolean) {
  const required = `${subject} è ${feminine ? 'obbligatoria' : 'obbligatorio'}`;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : `${subject} deve essere una data`,
    })
    .trim()
    .min(1, { error: required })
    .refine(isCalendarDay, { error: `${subject} deve essere una data valida (AAAA-MM-GG)` });
}

/** A price in euro ('45,00', '45.5', 45): at most 2 decimals, from 0 to LIMITS.prezzoMax. */
function priceField(subject: string) {
  const notANumber = `${subject} deve essere un numero`;
  return z.preprocess(
    parseDecimal,
    z
      .number({ error: (issue) => (issue.input === undefined ? `${subject} è obbligatorio` : notANumber) })
      .finite({ error: notANumber })
      .min(0, { error: `${subject} non può essere negativo` })
      .max(LIMITS.prezzoMax, { error: `${subject} non può superare ${LIMITS.prezzoMax} €` })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: `${subject} può avere al massimo 2 decimali`,
      }),
  );
}

const optionalPhone = z
  .string({ error: 'Il telefono deve essere un testo' })
  .trim()
  .max(LIMITS.telefonoMax, { error: `Il telefono può avere al massimo ${LIMITS.telefonoMax} caratteri` })
  .refine((text) => !CONTROL_CHARACTERS.test(text), { error: controlCharactersMessage('Il telefono') })
  .nullish()
  .transform((text) => (text === undefined || text === null || text === '' ? null : text));

/**
 * The body of POST /api/componenti/stato/{id}: the status to move to, with what it needs.
 * `riservato` names the customer (and a phone) and the last day of the reservation: after that day
 * the part is available again by itself. `venduto` records the price paid and the day (today when
 * left out). The others need nothing.
 */
export const StatusChangeSchema = z.discriminatedUnion(
  'stato',
  [
    z.object({
      stato: z.literal('riservato'),
      cliente: requiredText('Il cliente', LIMITS.clienteMax),
      telefono: optionalPhone,
      fino: dayField('La data di scadenza della prenotazione', true),
    }),
    z.object({
      stato: z.literal('venduto'),
      prezzo: priceField('Il prezzo di vendita'),
      data: dayField('La data di vendita', true).optional(),
    }),
    z.object({ stato: z.literal('disponibile') }),
    z.object({ stato: z.literal('reso') }),
    z.object({ stato: z.literal('scartato') }),
  ],
  { error: `Lo stato deve essere uno di: ${PART_STATUSES.join(', ')}` },
);
export type StatusChange = z.output<typeof StatusChangeSchema>;
export type StatusChangeDraft = z.input<typeof StatusChangeSchema>;

/** A part's reservation, while it is `riservato`. */
export const ReservationSchema = z
  .object({
    cliente: z.string(),
    telefono: z.string().nullable(),
    fino: z
      .string()
      .describe('Ultimo giorno della prenotazione (AAAA-MM-GG): il giorno dopo torna disponibile'),
  })
  .meta({ id: 'Reservation' });
export type Reservation = z.infer<typeof ReservationSchema>;

/** A part's sale, while it is `venduto`. */
export const SaleSchema = z
  .object({
    prezzo: z.number().describe('Prezzo pagato, in euro'),
    data: z.string().describe('Giorno della vendita (AAAA-MM-GG)'),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof SaleSchema>;

/** Cents, the stored unit of every price: exact in both databases. */
export function centsFromEuro(euro: number): number {
  return Math.round(euro * 100);
}

export function euroFromCents(cents: number): number {
  return Number(cents) / 100;
}
