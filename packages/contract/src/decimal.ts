// Numbers as a clerk types them, without zod: the web app's number fields read them on every
// key, and common.ts's `parseDecimal` turns them into the schemas' numbers.

/** Characters accepted between groups of thousands besides the dot: spaces, as some keyboards type them. */
const GROUP = '[ \u00a0\u202f]';

/** Whole part with thousands grouped by `sep` ('1.234.567'), or plain digits. */
const grouped = (sep: string) => `(?:\\d{1,3}(?:${sep}\\d{3})+|\\d+)`;

// '1,8' '1.234,5' ',5' '12,': a comma is the decimal mark, dots (or spaces) group thousands.
const COMMA_DECIMAL = new RegExp(`^([+-]?)(${grouped(`(?:\\.|${GROUP})`)}?),(\\d*)$`);
// '1.8' '.5' '12.': one dot and no comma is a decimal point (what a phone's keypad or a
// spreadsheet in English sends).
const DOT_DECIMAL = /^([+-]?)(\d*)\.(\d*)$/;
// '1.234.567' '1 234': several dots (or spaces) can only be thousands.
const GROUPED_INTEGER = new RegExp(
  `^([+-]?)(\\d{1,3}(?:(?:\\.|${GROUP})\\d{3}){2,}|\\d{1,3}(?:${GROUP}\\d{3})+)$`,
);
const PLAIN_INTEGER = /^([+-]?)(\d+)$/;

/**
 * Reads a decimal number as an Italian clerk or an English keypad writes it: `1,8`, `1.8`,
 * `1.234,5`, `1234,5`, `1.234.567`. Returns undefined for empty text and NaN for text that is not
 * one number (`1,2,3`, `1.2.3,4`, `1,8 kg`): a value nobody can read is never guessed at.
 */
export function readDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const build = (sign: string, whole: string, fraction: string) => {
    const digits = whole.replace(/\D/g, '');
    if (digits === '' && fraction === '') return Number.NaN;
    return Number(`${sign}${digits === '' ? '0' : digits}.${fraction === '' ? '0' : fraction}`);
  };
  let match = PLAIN_INTEGER.exec(trimmed);
  if (match) return Number(`${match[1] ?? ''}${match[2] ?? ''}`);
  match = COMMA_DECIMAL.exec(trimmed);
  if (match) return build(match[1] ?? '', match[2] ?? '', match[3] ?? '');
  match = DOT_DECIMAL.exec(trimmed);
  if (match) return build(match[1] ?? '', match[2] ?? '', match[3] ?? '');
  match = GROUPED_INTEGER.exec(trimmed);
  if (match) return build(match[1] ?? '', match[2] ?? '', '');
  return Number.NaN;
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
