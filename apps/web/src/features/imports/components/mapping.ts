import {
  PART_FIELD_SPECS,
  PART_FIELDS,
  unmappedRequiredFields,
  type FieldGroup,
  type ImportMapping,
  type ImportTarget,
} from '@magazzino/contract';

/** What stands in the way of a preview: required fields no column gives, fields two columns give. */
export interface MappingProblems {
  /** Required fields no column is mapped to, in form order. */
  missing: ImportTarget[];
  /** Fields chosen for more than one column, with those columns in file order. */
  duplicates: { field: ImportTarget; colonne: string[] }[];
}

/** The mapping for every column of the file: the one proposed by the server, null (Ignora) elsewhere. */
export function completeMapping(colonne: readonly string[], proposed: ImportMapping): ImportMapping {
  return Object.fromEntries(colonne.map((colonna) => [colonna, proposed[colonna] ?? null]));
}

/**
 * A mapping kept as a draft (localStorage: written by another version of the app, perhaps), put
 * back over the proposed one: each column of the file takes the draft's choice when it is a field a
 * column can fill or null (Ignora), else keeps the proposal.
 */
export function restoredMapping(
  colonne: readonly string[],
  proposed: ImportMapping,
  draft: unknown,
): ImportMapping {
  const kept = typeof draft === 'object' && draft !== null ? (draft as Record<string, unknown>) : {};
  return Object.fromEntries(
    colonne.map((colonna) => {
      const choice = Object.hasOwn(kept, colonna) ? kept[colonna] : undefined;
      // PART_FIELDS are the fields a column can fill (ImportTargetSchema), checked without zod here.
      const valid = choice === null || (PART_FIELDS as readonly unknown[]).includes(choice);
      return [colonna, valid ? (choice as ImportTarget | null) : (proposed[colonna] ?? null)];
    }),
  );
}

/** Checks a mapping as the server will (the contract's rules), so a clerk learns what is missing before asking it. */
export function mappingProblems(colonne: readonly string[], mapping: ImportMapping): MappingProblems {
  const columnsOf = new Map<ImportTarget, string[]>();
  for (const colonna of colonne) {
    const field = mapping[colonna];
    if (field) columnsOf.set(field, [...(columnsOf.get(field) ?? []), colonna]);
  }
  return {
    missing: unmappedRequiredFields(mapping),
    duplicates: [...columnsOf]
      .filter(([, columns]) => columns.length > 1)
      .map(([field, columns]) => ({ field, colonne: columns })),
  };
}

/** True when the mapping can be previewed. */
export function isMappingComplete(problems: MappingProblems): boolean {
  return problems.missing.length === 0 && problems.duplicates.length === 0;
}

/** The columns that are imported, in file order, with the field each one fills. */
export function mappedColumns(
  colonne: readonly string[],
  mapping: ImportMapping,
): { colonna: string; field: ImportTarget }[] {
  return colonne.flatMap((colonna) => {
    const field = mapping[colonna];
    return field ? [{ colonna, field }] : [];
  });
}

/** The groups of the field select, in the order of the part forms. */
export const FIELD_GROUPS: readonly FieldGroup[] = ['componente', 'veicolo', 'ubicazione'];

/** The label a field shows in this page ('Peso (Kg)'). */
export function fieldLabel(field: ImportTarget): string {
  return PART_FIELD_SPECS[field].label;
}
