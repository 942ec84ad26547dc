/**
 * The folded form behind every search and case-insensitive comparison: accents removed and lower
 * case ("Citroën" → "citroen", "È" → "e"), so "è" = "e" = "E". Computed here, in JavaScript, and
 * stored beside the original text, so SQLite and PostgreSQL compare exactly the same strings
 * (SQLite's lower() folds ASCII only; PostgreSQL's needs the unaccent extension).
 */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * An OEM code reduced to its letters and digits, folded: `1K0 615 301 AA`, `1K0-615-301-AA` and
 * `1k0615301aa` all become `1k0615301aa`, so a code is found however it was typed.
 */
export function codeKey(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]/gu, '');
}
