/**
 * What the triggers of the search indexes (migrations 021 to 024) read of `parts`. Shared by those
 * migrations, which wrote the same lists each: a later migration that indexes another column says
 * so in a list of its own, never by changing these.
 */

/** The statuses of the parts out of stock, as the condition of parts_in_stock_idx names them. */
export const OUT_OF_STOCK = `('venduto', 'scartato')`;

/** The folded columns a part's index entries are made of: a change to one writes them again. */
export const INDEXED_COLUMNS = [
  'nome_norm',
  'marca_norm',
  'modello_norm',
  'search_norm',
  'codice_key',
  'fitment_marca_norm',
  'fitment_modello_norm',
  'vehicle_key',
] as const;
