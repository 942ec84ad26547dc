import { describe, expect, it } from 'vitest';
import {
  ImportMappingSchema,
  ImportRunInputSchema,
  missingColumnsMessage,
  unmappedRequiredFields,
} from './import.js';
import { xlsxFileName } from './part.js';

describe('ImportMappingSchema', () => {
  it('takes columns mapped to part fields or to null', () => {
    expect(ImportMappingSchema.parse({ Nome: 'nome', Note: null, Anno: 'annoImmatricolazione' })).toEqual({
      Nome: 'nome',
      Note: null,
      Anno: 'annoImmatricolazione',
    });
  });

  it('refuses an unknown field and a field chosen for two columns, in Italian', () => {
    expect(ImportMappingSchema.safeParse({ Nome: 'colore' }).success).toBe(false);
    const twice = ImportMappingSchema.safeParse({ Nome: 'nome', Titolo: 'nome' });
    expect(twice.error?.issues[0]?.message).toBe('Nome è scelto per più colonne: Nome, Titolo');
  });
});

describe('required fields of a mapping', () => {
  it('names the required fields without a column, by their labels', () => {
    const missing = unmappedRequiredFields({ A: 'nome', B: 'descrizione' });
    expect(missing).toEqual([
      'categoria',
      'condizione',
      'scaffale',
      'campata',
      'ripiano',
      'cassetta',
      'marca',
      'modello',
      'annoImmatricolazione',
    ]);
    expect(missingColumnsMessage(['nome', 'categoria'])).toBe('Manca la colonna per: Nome, Categoria');
  });
});

describe('ImportRunInputSchema', () => {
  it('needs a mode of crea or aggiorna', () => {
    expect(ImportRunInputSchema.safeParse({ mappatura: {}, modalita: 'crea' }).success).toBe(true);
    const wrong = ImportRunInputSchema.safeParse({ mappatura: {}, modalita: 'sostituisci' });
    expect(wrong.error?.issues[0]?.message).toBe("La modalità deve essere 'crea' o 'aggiorna'");
  });
});

describe('xlsxFileName', () => {
  it('names the XLSX export after the day, like the CSV', () => {
    expect(xlsxFileName(new Date(2024, 0, 5))).toBe('ListaComponenti-2024-01-05.xlsx');
  });
});
