import { z } from 'zod';
import { LIMITS } from './limits.js';
import { integerParam, PartSchema } from './part.js';

/**
 * What happened to a part (docs/product.md, "History"): each change is recorded with who and when,
 * in the same transaction as the change itself.
 */
export const PART_EVENT_KINDS = ['creato', 'modificato', 'stato', 'eliminato', 'ripristinato'] as const;
export type PartEventKind = (typeof PART_EVENT_KINDS)[number];

/** A value before or after a change, as the API gives the field (peso in Kg, prezzo in euro). */
const ChangeValueSchema = z.union([z.string(), z.number(), z.null()]);

/**
 * One field that changed: its API name (a part field, `urlImmagine` for the cover, `immagini` for the
 * number of photos (recorded once a part has more than one), or of a status
 * change `stato`, `cliente`, `telefono`, `fino`, `prezzoVendita`, `dataVendita`), before and after.
 */
export const FieldChangeSchema = z
  .object({ campo: z.string(), prima: ChangeValueSchema, dopo: ChangeValueSchema })
  .meta({ id: 'FieldChange' });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** An account as the history and the activity name it (GET /api/attivita/utenti lists them). */
export const AccountNameSchema = z
  .object({ _id: z.string(), username: z.string() })
  .meta({ id: 'AccountName' });
export type AccountName = z.infer<typeof AccountNameSchema>;

export const PartEventSchema = z
  .object({
    _id: z.string(),
    componente: z.object({
      _id: z.string(),
      nome: z.string().describe('Il nome del componente al momento della modifica'),
    }),
    tipo: z.enum(PART_EVENT_KINDS),
    utente: AccountNameSchema.nullable().describe(
      'Chi ha fatto la modifica; null quando è stato il sistema (una prenotazione scaduta)',
    ),
    modifiche: z.array(FieldChangeSchema).describe('I campi cambiati, con il valore prima e dopo'),
    at: z.string().describe('Quando (ISO 8601)'),
  })
  .meta({ id: 'PartEvent' });
export type PartEvent = z.infer<typeof PartEventSchema>;

const instant = (label: string) =>
  z
    .string({ error: `${label} deve essere un testo` })
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), {
      error: `${label} deve essere un istante ISO 8601 (2026-11-24T00:00:00.000Z)`,
    })
    .transform((value) => new Date(value).toISOString())
    .optional();

/**
 * GET /api/attivita: the recent changes across the warehouse, newest first, optionally of one
 * account (`utente`, its _id) and within [dal, al) (the web app sends the bounds of a local day).
 */
export const ActivityQuerySchema = z.object({
  utente: z.string({ error: "L'utente deve essere un testo" }).trim().max(64).optional(),
  dal: instant('Il filtro dal'),
  al: instant('Il filtro al'),
  limit: integerParam('limit', 1, LIMITS.pageSizeMax),
  offset: integerParam('offset', 0, 100_000),
});
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

/** GET /api/componenti/storico/{id}: paging of a part's history, newest first. */
export const HistoryQuerySchema = ActivityQuerySchema.pick({ limit: true, offset: true });

/** A deleted part in the bin ('Cestino'), until it is restored or purged. */
export const BinEntrySchema = z
  .object({
    componente: PartSchema,
    eliminatoIl: z.string().describe('Quando è stato eliminato (ISO 8601)'),
    eliminatoDa: AccountNameSchema.nullable(),
    scadeIl: z
      .string()
      .describe(`Quando sarà eliminato per sempre (${LIMITS.binDays} giorni dopo l'eliminazione)`),
  })
  .meta({ id: 'BinEntry' });
export type BinEntry = z.infer<typeof BinEntrySchema>;

export const BinQuerySchema = HistoryQuerySchema;

export const BinEmptyResultSchema = z
  .object({ eliminati: z.number().int().describe('Componenti eliminati per sempre') })
  .meta({ id: 'BinEmptyResult' });
export type BinEmptyResult = z.infer<typeof BinEmptyResultSchema>;
