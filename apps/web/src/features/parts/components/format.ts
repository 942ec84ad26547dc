import { formatNumber } from '../../../lib/format';
import { parts as t } from '../../../i18n/parts';

/** A weight as Italian staff read it: '1,5 Kg', '0,125 Kg', '1.250 Kg'. */
export function formatPeso(peso: number): string {
  return `${formatNumber(peso, 3)} ${t.table.pesoUnit}`;
}

/** A web search of a part code, opened from the table to look the part up. */
export function codeSearchUrl(codice: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(codice)}`;
}
