import { z } from 'zod';
import { readDecimal } from './decimal.js';

/** Control characters no text field may hold (NUL included); tab and line breaks stay allowed. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The message for a text holding a control character, naming the field. */
export const controlCharactersMessage = (label: string) => `${label} contiene caratteri non ammessi`;

/**
 * A required trimmed text with Italian messages naming the field.
 * `label` carries its article ("Il nome", "La categoria"); `feminine` picks "obbligatoria".
 */
export function requiredText(label: string, max: number, feminine = false) {
  const required = `${label} è ${feminine ? 'obbligatoria' : 'obbligatorio'}`;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : `${label} deve essere un testo`,
    })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} può avere al massimo ${max} caratteri` })
    .refine((text) => !CONTROL_CHARACTERS.test(text), { error: controlCharactersMessage(label) });
}

/**
 * Preprocess step of numeric fields: a number stays as it is; a numeric text in Italian ("1,5",
 * "1.234,5") or English ("1.5") notation becomes that number; empty text becomes undefined
 * (a missing value); any other text is left for the schema to refuse with the field's message.
 */
export function parseDecimal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const number = readDecimal(value);
  if (number === undefined) return undefined;
  return Number.isNaN(number) ? value : number;
}
