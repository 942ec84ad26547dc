import { PART_FIELDS, type FieldChange, type Fitment, type Part, type PartField } from '@magazzino/contract';
import type { StoredPart } from './parts.mapper.js';

/**
 * The fields an edit compares, as the API names them: every part field, the photo (the cover), the
 * number of photos, the donor vehicle and the fitment list.
 */
const EDITABLE = [...PART_FIELDS, 'urlImmagine', 'immagini', 'veicoloId', 'compatibilita'] as const;
type EditableView = Record<(typeof EDITABLE)[number], string | number | null>;

/** The fitment list as the history shows it: 'Fiat Punto 1.2 (2003–2010); Lancia Ypsilon'; null when empty. */
export function fitmentText(list: readonly Fitment[]): string | null {
  if (list.length === 0) return null;
  return list
    .map((entry) => {
      const name = [entry.marca, entry.modello, entry.versione].filter((text) => text !== null).join(' ');
      const years =
        entry.annoDa === null && entry.annoA === null
          ? ''
          : ` (${entry.annoDa ?? '…'}–${entry.annoA ?? '…'})`;
      return `${name}${years}`;
    })
    .join('; ');
}

/**
 * A part's editable fields as the history records them: the donor vehicle by its targa (what a
 * clerk reads; the id of a part not yet completed with its vehicle), the fitment as text.
 */
function editableView(part: Part | StoredPart): EditableView {
  const fields = Object.fromEntries(PART_FIELDS.map((field) => [field, part[field]])) as Record<
    PartField,
    string | number | null
  >;
  const veicoloId = 'veicoloId' in part ? part.veicoloId : (part.veicolo?.targa ?? null);
  return {
    ...fields,
    urlImmagine: part.urlImmagine,
    immagini: part.immagini.length,
    veicoloId,
    compatibilita: fitmentText(part.compatibilita),
  };
}

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

/**
 * What an edit changed, field by field, values as the API gives them (peso in Kg, prezzo in euro;
 * the vehicle by its targa, the fitment as text, the photos by their number). Both parts completed with their vehicle, or
 * neither.
 */
export function editChanges(before: Part | StoredPart, after: Part | StoredPart): FieldChange[] {
  return differences(editableView(before), editableView(after), EDITABLE).filter(
    // A part going from no photo to one, or back, is told by its cover (urlImmagine) alone, as
    // before several photos; the number is recorded once there are more.
    (change) => change.campo !== 'immagini' || Number(change.prima) > 1 || Number(change.dopo) > 1,
  );
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
