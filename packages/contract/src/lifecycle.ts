import { z } from 'zod';
import { CONTROL_CHARACTERS, controlCharactersMessage, requiredText } from './common.js';
import { parseDecimal } from './decimal.js';
import { LIMITS } from './limits.js';
import {
  ALL_STATUSES,
  isCalendarDay,
  PART_STATUSES,
  parseStatusFilter,
  type PartStatus,
} from './statuses.js';

// The statuses themselves, their labels and moves: statuses.ts, without zod.

export const PartStatusSchema = z.enum(PART_STATUSES, {
  error: `Lo stato deve essere uno di: ${PART_STATUSES.join(', ')}`,
});

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
    const statuses = parseStatusFilter(value);
    if (statuses !== undefined) return statuses;
    ctx.addIssue({
      code: 'custom',
      message: `Il filtro stato accetta ${PART_STATUSES.join(', ')} (separati da virgole) o ${ALL_STATUSES}`,
    });
    return z.NEVER;
  });

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
