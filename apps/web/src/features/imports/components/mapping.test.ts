import { describe, expect, it } from 'vitest';
import {
  completeMapping,
  isMappingComplete,
  mappedColumns,
  mappingProblems,
  restoredMapping,
} from './mapping';

const COLONNE = ['Nome', 'Cat.', 'Stato', 'Peso', 'Peso lordo'];

describe('mapping', () => {
  it('fills every column, ignoring the ones the server proposed nothing for', () => {
    expect(completeMapping(COLONNE, { Nome: 'nome', Peso: 'peso', Altro: 'codice' })).toEqual({
      Nome: 'nome',
      'Cat.': null,
      Stato: null,
      Peso: 'peso',
      'Peso lordo': null,
    });
  });

  it('puts a kept mapping back over the proposed one, keeping only choices a column can make', () => {
    const proposed = { Nome: 'nome', Peso: 'peso' } as const;
    expect(
      restoredMapping(COLONNE, proposed, {
        // Ignora and a field: taken.
        Nome: null,
        'Cat.': 'categoria',
        // No such field (a draft of another version): the proposal stays.
        Peso: 'pesoLordo',
        // A column the file does not have: dropped.
        Altro: 'codice',
      }),
    ).toEqual({ Nome: null, 'Cat.': 'categoria', Stato: null, Peso: 'peso', 'Peso lordo': null });
    expect(restoredMapping(COLONNE, proposed, 'rotto')).toEqual(completeMapping(COLONNE, proposed));
    expect(restoredMapping(COLONNE, proposed, null)).toEqual(completeMapping(COLONNE, proposed));
  });

  it('lists the required fields no column gives, in form order, and fields chosen twice', () => {
    const problems = mappingProblems(COLONNE, {
      Nome: 'nome',
      'Cat.': 'categoria',
      Stato: null,
      Peso: 'peso',
      'Peso lordo': 'peso',
    });
    expect(problems.missing).toEqual([
      'condizione',
      'scaffale',
      'campata',
      'ripiano',
      'cassetta',
      'marca',
      'modello',
      'annoImmatricolazione',
    ]);
    expect(problems.duplicates).toEqual([{ field: 'peso', colonne: ['Peso', 'Peso lordo'] }]);
    expect(isMappingComplete(problems)).toBe(false);
  });

  it('passes a mapping that gives every required field once', () => {
    const colonne = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
    const fields = [
      'nome',
      'categoria',
      'condizione',
      'scaffale',
      'campata',
      'ripiano',
      'cassetta',
      'marca',
      'modello',
      'annoImmatricolazione',
      null,
    ] as const;
    const mapping = Object.fromEntries(colonne.map((c, i) => [c, fields[i] ?? null]));
    expect(isMappingComplete(mappingProblems(colonne, mapping))).toBe(true);
    expect(mappedColumns(colonne, mapping).map((m) => m.colonna)).toEqual(colonne.slice(0, 10));
  });
});
