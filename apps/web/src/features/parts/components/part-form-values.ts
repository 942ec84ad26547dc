import { PART_FIELDS, type Fitment, type PartField } from '@magazzino/contract';

/** One row of 'Compatibile anche con', as typed ('' for a value left empty). */
export interface FitmentRow {
  marca: string;
  modello: string;
  versione: string;
  annoDa: string;
  annoA: string;
}

/** The fields of a fitment row, in the order of the editor. */
export const FITMENT_FIELDS = [
  'marca',
  'modello',
  'versione',
  'annoDa',
  'annoA',
] as const satisfies readonly (keyof FitmentRow)[];

export const EMPTY_FITMENT_ROW: FitmentRow = { marca: '', modello: '', versione: '', annoDa: '', annoA: '' };

/**
 * What the part forms hold: every field as typed, the donor vehicle's id ('' for none) and the
 * rows of 'Compatibile anche con'.
 */
export type PartFormValues = Record<PartField, string> & {
  veicoloId: string;
  compatibilita: FitmentRow[];
};

/** An empty part form. */
export function emptyPartValues(): PartFormValues {
  const fields = Object.fromEntries(PART_FIELDS.map((name) => [name, ''])) as Record<PartField, string>;
  return { ...fields, veicoloId: '', compatibilita: [] };
}

/** The stored fitment list as the editor's rows. */
export function fitmentRowsOf(list: readonly Fitment[]): FitmentRow[] {
  return list.map((entry) => ({
    marca: entry.marca,
    modello: entry.modello ?? '',
    versione: entry.versione ?? '',
    annoDa: entry.annoDa ?? '',
    annoA: entry.annoA ?? '',
  }));
}

/** Whether two lists of rows say the same (spaces around values ignored). */
export function sameFitment(a: readonly FitmentRow[], b: readonly FitmentRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, index) => FITMENT_FIELDS.every((key) => row[key].trim() === (b[index]?.[key] ?? '').trim()))
  );
}
