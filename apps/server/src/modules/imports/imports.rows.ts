import { createHash } from 'node:crypto';
import {
  PART_FIELD_SPECS,
  PART_FIELDS,
  PartInputSchema,
  type ImportCellError,
  type ImportMapping,
  type ImportTarget,
  type PartInput,
} from '@magazzino/contract';
import { foldText } from '../../lib/text-fold.js';

/**
 * The header cells as the API names the columns: trimmed, an empty one named by its position
 * ('Colonna 3'), a repeated one numbered ('Nome (2)'), so every column has its own key.
 */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, index) => {
    const base = cell.trim() === '' ? `Colonna ${index + 1}` : cell.trim();
    const count = (seen.get(foldText(base)) ?? 0) + 1;
    seen.set(foldText(base), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** The folded form of a header, the key of a remembered mapping: 'Peso (Kg)' and 'peso (kg)' are one. */
function headerKeyOf(column: string): string {
  return foldText(column.trim());
}

/** The key of a set of headers (order and case do not matter): where its mapping is remembered. */
export function headerSetKey(columns: readonly string[]): string {
  const folded = [...new Set(columns.map(headerKeyOf))].sort();
  return createHash('sha256').update(JSON.stringify(folded)).digest('hex');
}

/** A remembered mapping as stored: by folded header, so it applies to the same headers spelled otherwise. */
export function storableMapping(mapping: ImportMapping): Record<string, ImportTarget | null> {
  return Object.fromEntries(Object.entries(mapping).map(([column, target]) => [headerKeyOf(column), target]));
}

/** A stored mapping applied to this file's columns (a column it does not name is ignored). */
export function mappingForColumns(
  columns: readonly string[],
  stored: Record<string, ImportTarget | null>,
): ImportMapping {
  return Object.fromEntries(columns.map((column) => [column, stored[headerKeyOf(column)] ?? null]));
}

/** Letters and digits only, folded: 'Peso (Kg)' → 'pesokg'. */
function compact(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Other names a spreadsheet gives our fields (besides the field's own name, label and subject). */
const SYNONYMS: Record<ImportTarget, readonly string[]> = {
  nome: ['nomecomponente', 'componente', 'nomeparte', 'articolo', 'nomearticolo', 'ricambio', 'nomericambio'],
  descrizione: ['note', 'descrizionecomponente', 'dettagli'],
  categoria: ['categoriacomponente', 'tipologia', 'famiglia'],
  codice: [
    'codiceoem',
    'oem',
    'codiceoriginale',
    'codicericambio',
    'codicearticolo',
    'partnumber',
    'riferimento',
  ],
  condizione: ['condizioni', 'usura', 'statodusura'],
  peso: ['pesokg', 'pesoinkg', 'kg'],
  prezzo: ['prezzoeuro', 'prezzoe', 'prezzoineuro', 'prezzodivendita', 'euro', 'importo'],
  scaffale: [],
  campata: [],
  ripiano: [],
  cassetta: [],
  marca: ['marcaveicolo', 'casa', 'costruttore'],
  modello: ['modelloveicolo'],
  versione: ['allestimento', 'motorizzazione'],
  annoImmatricolazione: ['anno', 'immatricolazione', 'annodiimmatricolazione', 'annoveicolo'],
};

/** Every compact name that means a field. */
const NAMES: ReadonlyMap<string, ImportTarget> = new Map(
  PART_FIELDS.flatMap((field) => {
    const spec = PART_FIELD_SPECS[field];
    // 'Il peso' → 'peso', "L'anno di immatricolazione" → 'anno di immatricolazione'.
    const subject = spec.subject.replace(/^(il|lo|la|l'|i|gli|le)\s*/i, '');
    return [field, spec.label, subject, ...SYNONYMS[field]].map((name) => [compact(name), field] as const);
  }),
);

/**
 * The mapping guessed from the header names: 'Nome', 'nome componente', 'Anno' →
 * annoImmatricolazione, 'Peso (Kg)'; each field goes to the first column that names it, the
 * others (and the columns nobody recognises, such as the export's 'stato') are ignored.
 */
export function guessMapping(columns: readonly string[]): ImportMapping {
  const taken = new Set<ImportTarget>();
  return Object.fromEntries(
    columns.map((column) => {
      // A numbered repeat ('Nome (2)') is never guessed: the first 'Nome' has it.
      const target = /\(\d+\)$/.test(column) ? undefined : NAMES.get(compact(column));
      if (!target || taken.has(target)) return [column, null];
      taken.add(target);
      return [column, target];
    }),
  );
}

/** Which cell fills which field: the file's column index and name for each mapped field. */
export interface MappedColumn {
  target: ImportTarget;
  index: number;
  column: string;
}

/** The mapped columns of `mapping` over this file's columns; undefined entries are ignored. */
export function mappedColumns(columns: readonly string[], mapping: ImportMapping): MappedColumn[] {
  return columns.flatMap((column, index) => {
    const target = mapping[column];
    return target ? [{ target, index, column }] : [];
  });
}

/** The columns a mapping names that the file does not have. */
export function unknownColumns(columns: readonly string[], mapping: ImportMapping): string[] {
  const known = new Set(columns);
  return Object.keys(mapping).filter((column) => !known.has(column));
}

/** A YYYY-MM-DD date (an XLSX date cell) in a year column: its year. */
const ISO_DATE = /^(\d{4})-\d{2}-\d{2}$/;

/** A cell's text as the field reads it: a year column takes the year of a date. */
function fieldText(target: ImportTarget, cell: string): string {
  if (PART_FIELD_SPECS[target].kind === 'year') {
    const date = ISO_DATE.exec(cell.trim());
    if (date?.[1]) return date[1];
  }
  return cell;
}

/** A data row checked against the part's rules. */
export interface CheckedRow {
  /** The cell text of each mapped field, trimmed. */
  values: Partial<Record<ImportTarget, string>>;
  errors: ImportCellError[];
  /** The part the row describes, when it has no error. */
  input?: PartInput;
}

/**
 * Checks one row with the part's own schema (PartInputSchema): its messages are Italian and name
 * the field; each is reported on the file's column that filled the field. Cells are text, and a
 * formula-looking one ('=1+1') stays text: it is never evaluated.
 */
export function checkRow(columns: readonly MappedColumn[], cells: readonly string[]): CheckedRow {
  const draft: Record<string, string> = {};
  const values: Partial<Record<ImportTarget, string>> = {};
  for (const { target, index } of columns) {
    const cell = cells[index] ?? '';
    values[target] = cell.trim();
    draft[target] = fieldText(target, cell);
  }
  const parsed = PartInputSchema.safeParse(draft);
  if (parsed.success) return { values, errors: [], input: parsed.data };
  const errors: ImportCellError[] = [];
  const reported = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (reported.has(field)) continue;
    reported.add(field);
    const column = columns.find((mapped) => mapped.target === field);
    if (!column) continue;
    errors.push({ colonna: column.column, campo: column.target, messaggio: issue.message });
  }
  // A rule across fields, or on a field no column fills: reported on the row's first column.
  const first = columns[0];
  if (errors.length === 0 && first) {
    errors.push({
      colonna: first.column,
      campo: first.target,
      messaggio: parsed.error.issues[0]?.message ?? '',
    });
  }
  return { values, errors };
}

/** One line of text for a refused row: 'Colonna "Peso": Il peso deve essere un numero; ...'. */
export function rowErrorText(errors: readonly ImportCellError[]): string {
  return errors.map((error) => `${error.colonna}: ${error.messaggio}`).join('; ');
}
