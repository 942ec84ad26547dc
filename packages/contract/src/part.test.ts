import { describe, expect, it } from 'vitest';
import { readDecimal } from './decimal.js';
import { fieldErrors } from './errors.js';
import { PART_STATUSES, statusFilterParam } from './statuses.js';
import {
  fieldsOfGroup,
  LOCATION_FIELDS,
  OPTIONAL_PART_FIELDS,
  PART_FIELD_SPECS,
  PART_FIELDS,
} from './part-fields.js';
import {
  csvFileName,
  EXAMPLE_PART_INPUT,
  LocationLookupSchema,
  LocationSchema,
  lookupSegments,
  PartSchema,
  PartInputSchema,
  PartListQuerySchema,
  PartPatchSchema,
  maxRegistrationYear,
} from './part.js';

const valid = EXAMPLE_PART_INPUT;

/** The field messages of an input that must fail. */
function errorsOf(input: unknown): Record<string, string> {
  const result = PartInputSchema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return fieldErrors(result.error);
}

describe('PartInputSchema', () => {
  it('accepts a complete part, trimming text and reading peso with a decimal comma', () => {
    const parsed = PartInputSchema.parse({ ...valid, nome: '  Faro  ', peso: '1,25' });
    expect(parsed.nome).toBe('Faro');
    expect(parsed.peso).toBe(1.25);
    expect(parsed.urlImmagine).toBeUndefined();
  });

  it('names every missing required field with an Italian message of the right gender', () => {
    const fields = errorsOf({});
    expect(fields.nome).toBe('Il nome è obbligatorio');
    expect(fields.categoria).toBe('La categoria è obbligatoria');
    expect(fields.annoImmatricolazione).toBe("L'anno di immatricolazione è obbligatorio");
    expect(Object.keys(fields)).toHaveLength(PART_FIELDS.length - OPTIONAL_PART_FIELDS.length);
  });

  it('takes descrizione, codice, peso, prezzo and versione as optional: left out, null or blank is null', () => {
    expect(OPTIONAL_PART_FIELDS).toEqual(['descrizione', 'codice', 'peso', 'prezzo', 'versione']);
    const { descrizione: _d, codice: _c, peso: _p, prezzo: _price, versione: _v, ...required } = valid;
    expect(PartInputSchema.parse(required)).toMatchObject({
      descrizione: null,
      codice: null,
      peso: null,
      prezzo: null,
      versione: null,
    });
    expect(PartInputSchema.parse({ ...valid, prezzo: '1.234,50' }).prezzo).toBe(1234.5);
    expect(errorsOf({ ...valid, prezzo: '12,345' }).prezzo).toBe('Il prezzo può avere al massimo 2 decimali');
    expect(
      PartInputSchema.parse({ ...valid, descrizione: '  ', codice: null, peso: '', versione: '' }),
    ).toMatchObject({ descrizione: null, codice: null, peso: null, versione: null });
    // Given, they follow their rules.
    expect(errorsOf({ ...valid, codice: 'x'.repeat(201), peso: 'tanto' })).toEqual({
      codice: 'Il codice può avere al massimo 200 caratteri',
      peso: 'Il peso deve essere un numero',
    });
    expect(PartInputSchema.parse({ ...valid, codice: ' 1K0 ' }).codice).toBe('1K0');
  });

  it('refuses blank text, negative or over-precise peso, and impossible years', () => {
    const fields = errorsOf({ ...valid, marca: '   ', peso: 1.2345, annoImmatricolazione: '1899' });
    expect(fields).toEqual({
      marca: 'La marca è obbligatoria',
      peso: 'Il peso può avere al massimo 3 decimali',
      annoImmatricolazione: `L'anno di immatricolazione deve essere compreso tra 1900 e ${maxRegistrationYear()}`,
    });
    expect(errorsOf({ ...valid, peso: -1 }).peso).toMatch(/negativo/);
    expect(
      PartInputSchema.safeParse({ ...valid, annoImmatricolazione: String(maxRegistrationYear() + 1) })
        .success,
    ).toBe(false);
    expect(PartInputSchema.safeParse({ ...valid, annoImmatricolazione: '04' }).success).toBe(false);
  });

  it('explains a body that is not an object at all', () => {
    for (const body of [null, [], 'faro', 42]) {
      expect(errorsOf(body)).toEqual({
        _: 'Il corpo della richiesta deve essere un oggetto JSON con i campi del componente',
      });
    }
  });

  it('drops unknown fields', () => {
    expect(PartInputSchema.parse({ ...valid, _id: 'x', colore: 'rosso' })).not.toHaveProperty('colore');
  });

  it('keeps HTML-like text verbatim', () => {
    expect(PartInputSchema.parse({ ...valid, nome: '<b>Faro</b> & "co"' }).nome).toBe('<b>Faro</b> & "co"');
  });
});

describe('PartPatchSchema', () => {
  it('empties an optional field sent empty, never a required one, and leaves out what is not sent', () => {
    expect(PartPatchSchema.parse({ descrizione: '', codice: null, peso: ' ' })).toEqual({
      descrizione: null,
      codice: null,
      peso: null,
    });
    expect(PartPatchSchema.parse({ versione: '2.0' })).toEqual({ versione: '2.0' });
    const result = PartPatchSchema.safeParse({ nome: '', marca: null });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({
        nome: 'Il nome è obbligatorio',
        marca: 'La marca è obbligatoria',
      });
  });

  it('accepts any subset with the creation rules, and an empty object (the server refuses it)', () => {
    expect(PartPatchSchema.parse({ peso: '2,5' })).toEqual({ peso: 2.5 });
    expect(PartPatchSchema.parse({})).toEqual({});
    const result = PartPatchSchema.safeParse({ nome: ' ', annoImmatricolazione: '1800' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(['annoImmatricolazione', 'nome']);
  });
});

describe('PartListQuerySchema', () => {
  it('parses paging numbers and drops empty filters', () => {
    expect(PartListQuerySchema.parse({ limit: '20', offset: '40', nome: '' })).toEqual({
      limit: 20,
      offset: 40,
      nome: undefined,
      // Left out, the status filter means the parts in stock.
      stato: ['disponibile', 'riservato', 'reso'],
      prezzoMin: undefined,
      prezzoMax: undefined,
    });
  });

  it('reads the status filter and the price range', () => {
    const parse = (query: Record<string, string>) => PartListQuerySchema.parse(query);
    expect(parse({ stato: 'tutti' }).stato).toEqual([
      'disponibile',
      'riservato',
      'venduto',
      'reso',
      'scartato',
    ]);
    expect(parse({ stato: 'venduto, riservato,venduto' }).stato).toEqual(['riservato', 'venduto']);
    expect(PartListQuerySchema.safeParse({ stato: 'perso' }).success).toBe(false);
    expect(parse({ prezzoMin: '10,5', prezzoMax: '1.000,00' })).toMatchObject({
      prezzoMin: 1050,
      prezzoMax: 100000,
    });
    expect(PartListQuerySchema.safeParse({ prezzoMin: '-3' }).success).toBe(false);
    expect(statusFilterParam(['disponibile', 'riservato', 'reso'])).toBe('');
    expect(statusFilterParam(PART_STATUSES)).toBe('tutti');
    expect(statusFilterParam(['venduto'])).toBe('venduto');
  });

  it('refuses out-of-range paging and unknown sort fields', () => {
    expect(PartListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(PartListQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(PartListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(PartListQuerySchema.parse({ sort: '-peso' }).sort).toBe('-peso');
  });
});

describe('csvFileName', () => {
  it('names the export after the day', () => {
    expect(csvFileName(new Date(2026, 0, 5))).toBe('ListaComponenti-2026-01-05.csv');
  });
});

describe('readDecimal (what a clerk types in a numeric field)', () => {
  it('reads the Italian and the English way of writing the same number', () => {
    expect(readDecimal('1,8')).toBe(1.8);
    expect(readDecimal('1.8')).toBe(1.8);
    expect(readDecimal(' 1,8 ')).toBe(1.8);
    expect(readDecimal('1.234,5')).toBe(1234.5);
    expect(readDecimal('1234,5')).toBe(1234.5);
    expect(readDecimal('1 234,5')).toBe(1234.5);
    expect(readDecimal('1.234.567')).toBe(1234567);
    expect(readDecimal('0,125')).toBe(0.125);
    expect(readDecimal(',5')).toBe(0.5);
    expect(readDecimal('12')).toBe(12);
    expect(readDecimal('-2,5')).toBe(-2.5);
  });

  it('gives undefined for nothing typed and NaN for anything that is not one number', () => {
    expect(readDecimal('')).toBeUndefined();
    expect(readDecimal('   ')).toBeUndefined();
    for (const text of ['1,2,3', '1.2.3,4', '1,8 kg', 'uno', ',', '.', '1.23,4', '12.34.5', '1..8']) {
      expect(readDecimal(text), text).toBeNaN();
    }
  });

  it('lets the peso schema refuse unreadable text instead of guessing', () => {
    expect(PartInputSchema.parse({ ...valid, peso: '1,8' }).peso).toBe(1.8);
    expect(PartInputSchema.parse({ ...valid, peso: '1.234,5' }).peso).toBe(1234.5);
    expect(errorsOf({ ...valid, peso: '1,2,3' }).peso).toBe('Il peso deve essere un numero');
    expect(PartInputSchema.parse({ ...valid, peso: '' }).peso).toBeNull();
  });
});

describe('PART_FIELD_SPECS (the part described once)', () => {
  it('gives the schemas, the field list and the location their fields, in form order', () => {
    expect(Object.keys(PartInputSchema.shape)).toEqual([
      ...PART_FIELDS,
      'urlImmagine',
      'immagini',
      'veicoloId',
      'compatibilita',
    ]);
    expect(fieldsOfGroup('ubicazione')).toEqual([...LOCATION_FIELDS]);
    expect(Object.keys(LocationSchema.shape)).toEqual([...LOCATION_FIELDS]);
    expect(PartSchema.shape.peso.unwrap().type).toBe('number');
    expect(PartSchema.shape.nome.type).toBe('string');
    expect(PartSchema.shape.codice.safeParse(null).success).toBe(true);
    expect(PartSchema.shape.nome.safeParse(null).success).toBe(false);
  });

  it('names each required field in its messages with its own article and gender', () => {
    const fields = errorsOf({});
    for (const name of PART_FIELDS) {
      const spec = PART_FIELD_SPECS[name];
      expect(fields[name]).toBe(
        spec.required ? `${spec.subject} è ${spec.feminine ? 'obbligatoria' : 'obbligatorio'}` : undefined,
      );
    }
    expect(errorsOf({ ...valid, campata: 'x'.repeat(51) }).campata).toBe(
      'La campata può avere al massimo 50 caratteri',
    );
  });
});

describe('LocationLookupSchema (Consulta Magazzino)', () => {
  const lookup = (values: Partial<Record<string, string>>) =>
    LocationLookupSchema.safeParse({ scaffale: '', campata: '', ripiano: '', cassetta: '', ...values });

  it('takes any leading part of a location, trimmed', () => {
    const parsed = LocationLookupSchema.parse({ scaffale: ' G ', campata: '2', ripiano: '', cassetta: '' });
    expect(lookupSegments(parsed)).toEqual(['G', '2']);
    expect(lookupSegments({ scaffale: 'A', campata: '1', ripiano: '2', cassetta: '3' })).toEqual([
      'A',
      '1',
      '2',
      '3',
    ]);
    expect(lookup({ scaffale: 'A' }).success).toBe(true);
  });

  it('needs the scaffale, and refuses a segment given after one left empty', () => {
    const fieldsOf = (values: Partial<Record<string, string>>) => {
      const result = lookup(values);
      if (result.success) throw new Error('expected the lookup to be refused');
      return fieldErrors(result.error);
    };
    expect(fieldsOf({})).toEqual({ scaffale: 'Lo scaffale è obbligatorio' });
    expect(fieldsOf({ campata: '1' })).toEqual({ scaffale: 'Indica prima lo scaffale' });
    expect(fieldsOf({ scaffale: 'A', ripiano: '2' })).toEqual({ campata: 'Indica prima la campata' });
    expect(fieldsOf({ scaffale: 'A', campata: '1', cassetta: '3' })).toEqual({
      ripiano: 'Indica prima il ripiano',
    });
    expect(fieldsOf({ scaffale: 'x'.repeat(51) })).toEqual({
      scaffale: 'Lo scaffale può avere al massimo 50 caratteri',
    });
  });
});
