import { z } from 'zod';
import { CONTROL_CHARACTERS, controlCharactersMessage, requiredText } from './common.js';
import { FITMENT_MAX, LIMITS } from './limits.js';
import { yearFromNumber, yearText } from './year.js';

/** Nothing given (absent, null, only spaces) becomes null; anything else is checked by `schema`. */
function optional<T extends z.ZodType>(schema: T) {
  return z
    .preprocess(
      (value) =>
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
          ? null
          : value,
      schema.nullable(),
    )
    .optional()
    .transform((value) => (value ?? null) as z.output<T> | null);
}

/** An optional text of at most `max` characters, trimmed, messages naming the field. */
function optionalText(label: string, max: number) {
  return optional(
    z
      .string({ error: `${label} deve essere un testo` })
      .trim()
      .max(max, { error: `${label} può avere al massimo ${max} caratteri` })
      .refine((text) => !CONTROL_CHARACTERS.test(text), { error: controlCharactersMessage(label) }),
  );
}

/** An optional year ('2004' or 2004), from LIMITS.annoMin to next year. */
function optionalYear(label: string) {
  return optional(z.preprocess(yearFromNumber, yearText(label)));
}

/**
 * One vehicle a part also fits, as a client sends it: the marca is required, the rest optional
 * (null when left empty); a year range from annoDa to annoA, both included, either end open.
 */
export const FitmentInputSchema = z
  .object(
    {
      marca: requiredText('La marca', LIMITS.shortTextMax, true),
      modello: optionalText('Il modello', LIMITS.shortTextMax),
      versione: optionalText('La versione', LIMITS.shortTextMax),
      annoDa: optionalYear("L'anno iniziale"),
      annoA: optionalYear("L'anno finale"),
    },
    { error: 'Ogni compatibilità deve avere almeno la marca' },
  )
  .superRefine((fitment, ctx) => {
    if (fitment.annoDa !== null && fitment.annoA !== null && fitment.annoA < fitment.annoDa) {
      ctx.addIssue({
        code: 'custom',
        path: ['annoA'],
        message: "L'anno finale non può essere precedente all'anno iniziale",
      });
    }
  });
export type FitmentInput = z.output<typeof FitmentInputSchema>;
/** What the fitment editor holds before validation. */
export type FitmentDraft = z.input<typeof FitmentInputSchema>;

/**
 * The whole fitment list of a part: at most FITMENT_MAX entries, in the order given; null is the
 * empty list. On a patch it replaces the part's list (absent leaves it).
 */
export const FitmentListSchema = z
  .array(FitmentInputSchema, { error: 'La compatibilità deve essere un elenco di veicoli' })
  .max(FITMENT_MAX, { error: `Puoi indicare al massimo ${FITMENT_MAX} veicoli compatibili` })
  .nullable()
  .transform((list) => list ?? []);

/** A stored fitment entry, as the API returns it (optional fields null). */
export const FitmentSchema = z
  .object({
    marca: z.string(),
    modello: z.string().nullable(),
    versione: z.string().nullable(),
    annoDa: z.string().nullable().describe('Primo anno compatibile (incluso); null: nessun limite'),
    annoA: z.string().nullable().describe('Ultimo anno compatibile (incluso); null: nessun limite'),
  })
  .meta({ id: 'Fitment' });
export type Fitment = z.infer<typeof FitmentSchema>;
