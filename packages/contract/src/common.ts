import { z } from 'zod';

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
