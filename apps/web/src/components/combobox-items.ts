/** A value the combobox offers, with how many records use it (shown beside it) when known. */
export interface ComboboxOption {
  value: string;
  count?: number;
}

/** One line of the open list: an existing value, or the explicit choice of a new one. */
export type ComboboxItem = { kind: 'existing'; option: ComboboxOption } | { kind: 'new'; value: string };

/**
 * Text folded the way the server compares categories and conditions (apps/server/src/lib/
 * text-fold.ts): accents removed and lower case, so 'carrozzerìa' finds 'Carrozzeria'.
 */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * The existing value that `text` means, ignoring case, accents and surrounding spaces; of two
 * spellings of one value (stored before the server matched them), the one with more records, as
 * the server chooses.
 */
export function sameValue(options: readonly ComboboxOption[], text: string): ComboboxOption | undefined {
  const folded = foldText(text.trim());
  if (folded === '') return undefined;
  let best: ComboboxOption | undefined;
  for (const option of options) {
    if (foldText(option.value) !== folded) continue;
    if (!best || (option.count ?? 0) > (best.count ?? 0)) best = option;
  }
  return best;
}

/**
 * The list for what is typed: the existing values containing it (those starting with it first,
 * then in the order given), at most `max`; then, unless the text already names an existing
 * value, the choice to use it as a new one. Nothing typed: every value.
 */
export function comboboxItems(options: readonly ComboboxOption[], text: string, max = 50): ComboboxItem[] {
  const typed = text.trim();
  const folded = foldText(typed);
  const starts: ComboboxOption[] = [];
  const contains: ComboboxOption[] = [];
  for (const option of options) {
    const value = foldText(option.value);
    if (value.startsWith(folded)) starts.push(option);
    else if (value.includes(folded)) contains.push(option);
  }
  const items: ComboboxItem[] = [...starts, ...contains]
    .slice(0, max)
    .map((option) => ({ kind: 'existing', option }));
  if (typed !== '' && !sameValue(options, typed)) items.push({ kind: 'new', value: typed });
  return items;
}
