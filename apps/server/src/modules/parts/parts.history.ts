import { PART_FIELDS, type FieldChange, type Part } from '@magazzino/contract';

/** The fields an edit compares, as the API names them: every part field and the photo. */
const EDITABLE = [...PART_FIELDS, 'urlImmagine'] as const;

/** The fields of a status change, as the history names them. */
type StatusView = Record<
  'stato' | 'cliente' | 'telefono' | 'fino' | 'prezzoVendita' | 'dataVendita',
  string | number | null
>;

function statusView(part: Pick<Part, 'stato' | 'riserva' | 'vendita'>): StatusView {
  return {
    stato: part.stato,
    cliente: part.riserva?.cliente ?? null,
    telefono: part.riserva?.telefono ?? null,
    fino: part.riserva?.fino ?? null,
    prezzoVendita: part.vendita?.prezzo ?? null,
    dataVendita: part.vendita?.data ?? null,
  };
}

function differences<K extends string, T extends Record<K, string | number | null>>(
  before: T,
  after: T,
  fields: readonly K[],
): FieldChange[] {
  return fields.flatMap((campo): FieldChange[] => {
    const prima: string | number | null = before[campo];
    const dopo: string | number | null = after[campo];
    return prima === dopo ? [] : [{ campo, prima, dopo }];
  });
}

/** What an edit changed, field by field, values as the API gives them (peso in Kg, prezzo in euro). */
export function editChanges(before: Part, after: Part): FieldChange[] {
  return differences(before, after, EDITABLE);
}

/**
 * What a status change changed: the status first, then the reservation's or the sale's fields
 * that differ (a new customer, a new last day, the price paid).
 */
export function statusChanges(
  before: Pick<Part, 'stato' | 'riserva' | 'vendita'>,
  after: Pick<Part, 'stato' | 'riserva' | 'vendita'>,
): FieldChange[] {
  const fields = ['stato', 'cliente', 'telefono', 'fino', 'prezzoVendita', 'dataVendita'] as const;
  return differences(statusView(before), statusView(after), fields);
}
