import { z } from 'zod';

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
    .max(max, { error: `${label} può avere al massimo ${max} caratteri` });
}

/** Accepts a number, or a numeric string in Italian ("1,5") or English ("1.5") notation. */
export function parseDecimal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(',', '.');
  if (text === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : value;
}
