import { z } from 'zod';
import { AccountNameSchema } from './history.js';
import { PART_FIELD_SPECS, PART_FIELDS, type PartField } from './part-fields.js';
import { integerParam } from './part.js';

/**
 * Importing parts from a spreadsheet (docs/product.md, "Importa"): a CSV or XLSX file is uploaded,
 * its columns are mapped to part fields, the rows are checked (preview), then imported in the
 * background, creating parts or updating those with the same codice.
 */
export const IMPORT_LIMITS = {
  /** Largest file accepted, in bytes (20 MB). */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows a file may hold. */
  maxRows: 200_000,
  /** Columns a file may hold. */
  maxColumns: 100,
  /** Rows shown by the preview. */
  previewRows: 20,
  /** The most frequent error messages the preview lists. */
  frequentErrors: 10,
  /** Days an import (its file, its refused rows) is kept. */
  keptDays: 7,
  /** Latest imports listed when the client names no limit, and at most. */
  listDefault: 20,
  listMax: 100,
} as const;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * An import's life: `caricato` (uploaded, waiting for its mapping), `in_corso` (rows being
 * written), `completato`, `fallito` (stopped: the server stopped, or an error; `errore` says).
 */
export const IMPORT_STATUSES = ['caricato', 'in_corso', 'completato', 'fallito'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** `crea`: every valid row becomes a new part; `aggiorna`: a row whose codice matches one part updates it. */
export const IMPORT_MODES = ['crea', 'aggiorna'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A part field a column can fill (the API names of PART_FIELD_SPECS). */
export const ImportTargetSchema = z.enum(PART_FIELDS as [PartField, ...PartField[]], {
  error: `Il campo deve essere uno di: ${PART_FIELDS.join(', ')}`,
});
export type ImportTarget = z.infer<typeof ImportTargetSchema>;

/**
 * Which part field each column of the file fills, by the column's header as in `colonne`; a column
 * mapped to null (or left out) is ignored. A field may be filled by one column only.
 */
export const ImportMappingSchema = z
  .record(z.string(), ImportTargetSchema.nullable(), { error: 'La mappatura deve associare colonne a campi' })
  .superRefine((mapping, ctx) => {
    const columnsOf = new Map<ImportTarget, string[]>();
    for (const [column, target] of Object.entries(mapping)) {
      if (target) columnsOf.set(target, [...(columnsOf.get(target) ?? []), column]);
    }
    for (const [target, columns] of columnsOf) {
      if (columns.length > 1) {
        ctx.addIssue({
          code: 'custom',
          message: `${PART_FIELD_SPECS[target].label} è scelto per più colonne: ${columns.join(', ')}`,
        });
      }
    }
  })
  .meta({ id: 'ImportMapping' });
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** The required part fields a mapping leaves without a column (empty when none is missing). */
export function unmappedRequiredFields(mapping: ImportMapping): ImportTarget[] {
  const mapped = new Set(Object.values(mapping));
  return PART_FIELDS.filter((field) => PART_FIELD_SPECS[field].required && !mapped.has(field));
}

/** 'Manca la colonna per: Nome, Categoria': the message of required fields left unmapped. */
export function missingColumnsMessage(fields: readonly ImportTarget[]): string {
  return `Manca la colonna per: ${fields.map((field) => PART_FIELD_SPECS[field].label).join(', ')}`;
}

export const ImportSummarySchema = z
  .object({
    _id: z.string(),
    nomeFile: z.string().describe('Il nome del file caricato'),
    formato: z.enum(IMPORT_FORMATS),
    colonne: z
      .array(z.string())
      .describe("Le intestazioni delle colonne, come nel file (rese uniche: 'Nome (2)')"),
    righe: z.number().int().describe('Righe di dati (intestazione e righe vuote escluse)'),
    esempi: z
      .array(z.array(z.string()))
      .describe('Per ogni colonna, nello stesso ordine, i primi valori non vuoti del file (al massimo 3)'),
    mappatura: ImportMappingSchema.describe(
      "La mappatura ricordata per queste intestazioni, altrimenti indovinata dai nomi; dopo l'esecuzione, quella usata",
    ),
    stato: z.enum(IMPORT_STATUSES),
    modalita: z.enum(IMPORT_MODES).nullable().describe("Scelta all'esecuzione; null prima"),
    elaborate: z.number().int().describe('Righe lette finora'),
    importate: z.number().int().describe('Componenti creati'),
    aggiornate: z.number().int().describe('Componenti aggiornati (modalità aggiorna)'),
    scartate: z.number().int().describe('Righe rifiutate (vedi scartate.csv)'),
    errore: z.string().nullable().describe("Perché l'importazione è fallita"),
    utente: AccountNameSchema.nullable().describe('Chi ha caricato il file'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** Body of POST /api/importazioni/{id}/anteprima. */
export const ImportPreviewInputSchema = z.object(
  { mappatura: ImportMappingSchema },
  { error: 'Il corpo della richiesta deve essere un oggetto con la mappatura' },
);
export type ImportPreviewInput = z.infer<typeof ImportPreviewInputSchema>;

/** Body of POST /api/importazioni/{id}/esegui. */
export const ImportRunInputSchema = z.object(
  {
    mappatura: ImportMappingSchema,
    modalita: z.enum(IMPORT_MODES, { error: "La modalità deve essere 'crea' o 'aggiorna'" }),
  },
  { error: 'Il corpo della richiesta deve essere un oggetto con mappatura e modalità' },
);
export type ImportRunInput = z.infer<typeof ImportRunInputSchema>;

/** What is wrong with one cell of a row: its column in the file, the field, the field's message. */
export const ImportCellErrorSchema = z
  .object({ colonna: z.string(), campo: ImportTargetSchema, messaggio: z.string() })
  .meta({ id: 'ImportCellError' });
export type ImportCellError = z.infer<typeof ImportCellErrorSchema>;

export const ImportPreviewRowSchema = z
  .object({
    riga: z.number().int().describe('Numero di riga nel file (intestazione = 1)'),
    valori: z.partialRecord(ImportTargetSchema, z.string()).describe('Il testo delle celle, per campo'),
    errori: z.array(ImportCellErrorSchema),
  })
  .meta({ id: 'ImportPreviewRow' });
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewSchema = z
  .object({
    righe: z.array(ImportPreviewRowSchema).describe('Le prime 20 righe di dati'),
    valide: z.number().int().describe('Righe valide in tutto il file'),
    conErrori: z.number().int().describe('Righe con errori in tutto il file'),
    erroriFrequenti: z
      .array(z.object({ messaggio: z.string(), righe: z.number().int() }))
      .describe('I messaggi più frequenti e quante righe ne hanno'),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Query of GET /api/importazioni. */
export const ImportListQuerySchema = z.object({
  limit: integerParam('limit', 1, IMPORT_LIMITS.listMax),
});
