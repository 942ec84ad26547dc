import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './errors.js';
import {
  EXAMPLE_VEHICLE_INPUT,
  latestDayOnEarth,
  VehicleInputSchema,
  VehicleListQuerySchema,
  VehiclePatchSchema,
} from './vehicle.js';
import { FUEL_LABELS, FUELS, parseKm } from './vehicle-fields.js';
import { isValidVin, normaliseTarga, normaliseVin, vinCheckDigit, vinProblem } from './vin.js';

const valid = EXAMPLE_VEHICLE_INPUT;

/** The field messages of an input that must fail. */
function errorsOf(input: unknown, schema: z.ZodType = VehicleInputSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return fieldErrors(result.error);
}

describe('VIN validation', () => {
  it.each([
    // North America: the check digit at position 9 must match.
    ['1M8GDM9AXKP042788', 'a North-American VIN with check digit X'],
    ['11111111111111111', 'all ones (check digit 1)'],
    ['1HGCM82633A004352', 'a Honda with check digit 3'],
    // Europe and elsewhere: a VIN without a check digit is accepted.
    ['WVWZZZ1JZXW000001', 'a Volkswagen with Z at position 9'],
    ['ZFA18800000123456', 'a Fiat without a check digit'],
    ['VF1BB05CF27123456', 'a Renault'],
    ['JHMCM56557C404453', 'a Japanese VIN with a valid check digit'],
  ])('accepts %s (%s)', (vin) => {
    expect(vinProblem(vin)).toBeUndefined();
    expect(isValidVin(vin)).toBe(true);
  });

  it.each([
    ['1M8GDM9A1KP042788', 'Il telaio non è valido: la cifra di controllo non corrisponde'],
    ['1HGCM82643A004352', 'Il telaio non è valido: la cifra di controllo non corrisponde'],
    ['2T1BURHEZJC123456', 'Il telaio non è valido: la cifra di controllo non corrisponde'],
    ['1M8GDM9AXKP04278', 'Il telaio deve avere 17 caratteri (ne ha 16)'],
    ['1M8GDM9AXKP0427888', 'Il telaio deve avere 17 caratteri (ne ha 18)'],
    ['WVWZZZ1JZXW00000I', 'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q'],
    ['WVWZZZ1JZXW00000O', 'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q'],
    ['QVWZZZ1JZXW000001', 'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q'],
    ['WVWZZZ1JZXW00000!', 'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q'],
  ])('refuses %s: %s', (vin, message) => {
    expect(vinProblem(vin)).toBe(message);
    expect(isValidVin(vin)).toBe(false);
  });

  it('computes the check digit with the ISO 3779 weights, 10 written X', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('SHORT')).toBeUndefined();
    expect(vinCheckDigit('1M8GDM9AXKP04278I')).toBeUndefined();
  });

  it('normalises lower case, spaces and dashes before checking', () => {
    expect(normaliseVin(' 1m8gdm9axkp 042788 ')).toBe('1M8GDM9AXKP042788');
    expect(normaliseVin('wvw-zzz-1jz-xw000001')).toBe('WVWZZZ1JZXW000001');
    expect(isValidVin('1m8 gdm9ax kp042788')).toBe(true);
    expect(VehicleInputSchema.parse({ ...valid, telaio: ' zfa 18800000123456 ' }).telaio).toBe(
      'ZFA18800000123456',
    );
  });

  it('names the telaio in the field errors of a vehicle', () => {
    expect(errorsOf({ ...valid, telaio: '1M8GDM9A1KP042788' })).toEqual({
      telaio: 'Il telaio non è valido: la cifra di controllo non corrisponde',
    });
    expect(errorsOf({ ...valid, telaio: 'ABC' }).telaio).toBe('Il telaio deve avere 17 caratteri (ne ha 3)');
    expect(errorsOf({ ...valid, telaio: 17 }).telaio).toBe('Il telaio deve essere un testo');
  });
});

describe('VehicleInputSchema', () => {
  it('accepts the example and stores the targa upper-case without spaces', () => {
    const parsed = VehicleInputSchema.parse({ ...valid, targa: ' ab 123 cd ' });
    expect(parsed).toEqual({ ...valid, targa: 'AB123CD' });
    expect(normaliseTarga('zh 12 345')).toBe('ZH12345');
  });

  it('names every missing required field in Italian', () => {
    expect(errorsOf({})).toEqual({
      targa: 'La targa è obbligatoria',
      marca: 'La marca è obbligatoria',
      modello: 'Il modello è obbligatorio',
      annoImmatricolazione: "L'anno di immatricolazione è obbligatorio",
      dataIngresso: 'La data di ingresso è obbligatoria',
    });
    expect(errorsOf([]).targa ?? errorsOf([])._).toMatch(/oggetto JSON/);
  });

  it('stores optional fields left out, null or blank as null, and no photos as []', () => {
    const { targa, marca, modello, annoImmatricolazione, dataIngresso } = valid;
    const required = { targa, marca, modello, annoImmatricolazione, dataIngresso };
    const empty = {
      telaio: null,
      versione: null,
      km: null,
      codiceMotore: null,
      alimentazione: null,
      colore: null,
      note: null,
      immagini: [],
    };
    expect(VehicleInputSchema.parse(required)).toEqual({ ...required, ...empty });
    const blanks = { telaio: '', versione: ' ', km: '', codiceMotore: null, alimentazione: '', colore: '' };
    expect(VehicleInputSchema.parse({ ...required, ...blanks, note: '', immagini: null })).toEqual({
      ...required,
      ...empty,
    });
  });

  it('refuses a targa too long or with symbols', () => {
    expect(errorsOf({ ...valid, targa: 'A'.repeat(21) }).targa).toBe(
      'La targa può avere al massimo 20 caratteri',
    );
    expect(errorsOf({ ...valid, targa: 'AB/123' }).targa).toBe(
      'La targa può contenere solo lettere, cifre e trattini',
    );
    expect(errorsOf({ ...valid, targa: '   ' }).targa).toBe('La targa è obbligatoria');
    expect(VehicleInputSchema.parse({ ...valid, targa: 'm-ab 123' }).targa).toBe('M-AB123');
  });

  it('takes the year as parts do: 4 digits from 1900 to next year', () => {
    const next = new Date().getFullYear() + 1;
    expect(VehicleInputSchema.parse({ ...valid, annoImmatricolazione: 1998 }).annoImmatricolazione).toBe(
      '1998',
    );
    expect(errorsOf({ ...valid, annoImmatricolazione: '98' }).annoImmatricolazione).toBe(
      "L'anno di immatricolazione deve essere un anno di 4 cifre",
    );
    expect(errorsOf({ ...valid, annoImmatricolazione: String(next + 1) }).annoImmatricolazione).toBe(
      `L'anno di immatricolazione deve essere compreso tra 1900 e ${next}`,
    );
  });

  it('reads km as whole numbers, dots and spaces grouping thousands', () => {
    expect(parseKm('123.456')).toBe(123456);
    expect(parseKm('1 234 567')).toBe(1234567);
    expect(parseKm(' 98000 ')).toBe(98000);
    expect(parseKm('')).toBeUndefined();
    expect(VehicleInputSchema.parse({ ...valid, km: '123.456' }).km).toBe(123456);
    expect(VehicleInputSchema.parse({ ...valid, km: 0 }).km).toBe(0);
    expect(VehicleInputSchema.parse({ ...valid, km: '2.000.000' }).km).toBe(2_000_000);
    expect(errorsOf({ ...valid, km: '12,5' }).km).toBe('I km devono essere un numero intero');
    expect(errorsOf({ ...valid, km: 12.5 }).km).toBe('I km devono essere un numero intero');
    expect(errorsOf({ ...valid, km: 'tanti' }).km).toBe('I km devono essere un numero intero');
    expect(errorsOf({ ...valid, km: -1 }).km).toBe('I km non possono essere negativi');
    expect(errorsOf({ ...valid, km: '2.000.001' }).km).toBe('I km non possono superare 2.000.000');
  });

  it('takes one of the fuels, in any case, and refuses others', () => {
    expect(Object.keys(FUEL_LABELS)).toEqual([...FUELS]);
    expect(VehicleInputSchema.parse({ ...valid, alimentazione: ' Diesel ' }).alimentazione).toBe('diesel');
    expect(errorsOf({ ...valid, alimentazione: 'nafta' }).alimentazione).toBe(
      `L'alimentazione deve essere una di: ${FUELS.join(', ')}`,
    );
  });

  it('takes dataIngresso as a real day, not in the future', () => {
    expect(errorsOf({ ...valid, dataIngresso: '15/03/2024' }).dataIngresso).toBe(
      'La data di ingresso deve essere una data valida (AAAA-MM-GG)',
    );
    expect(errorsOf({ ...valid, dataIngresso: '2024-02-30' }).dataIngresso).toBe(
      'La data di ingresso deve essere una data valida (AAAA-MM-GG)',
    );
    const nextYear = `${new Date().getFullYear() + 1}-01-01`;
    expect(errorsOf({ ...valid, dataIngresso: nextYear }).dataIngresso).toBe(
      'La data di ingresso non può essere nel futuro',
    );
    expect(errorsOf({ ...valid, dataIngresso: '1899-12-31' }).dataIngresso).toBe(
      'La data di ingresso non può essere prima del 1900',
    );
    expect(latestDayOnEarth(new Date('2024-03-15T12:00:00Z'))).toBe('2024-03-16');
  });

  it('limits the optional texts, naming each field', () => {
    expect(errorsOf({ ...valid, codiceMotore: 'x'.repeat(51) }).codiceMotore).toBe(
      'Il codice motore può avere al massimo 50 caratteri',
    );
    expect(errorsOf({ ...valid, colore: 'x'.repeat(51) }).colore).toBe(
      'Il colore può avere al massimo 50 caratteri',
    );
    expect(errorsOf({ ...valid, note: 'x'.repeat(2001) }).note).toBe(
      'Le note può avere al massimo 2000 caratteri',
    );
    expect(errorsOf({ ...valid, versione: 'a\u0000b' }).versione).toBe(
      'La versione contiene caratteri non ammessi',
    );
  });

  it('takes up to 12 photos of the Magazzino, in order, as paths, without repeats', () => {
    const urls = Array.from({ length: 12 }, (_, index) => `/media/${'a'.repeat(63)}${index % 10}.webp`);
    expect(VehicleInputSchema.parse({ ...valid, immagini: urls.slice(0, 3) }).immagini).toEqual(
      urls.slice(0, 3),
    );
    expect(
      VehicleInputSchema.parse({ ...valid, immagini: [`https://magazzino.example.it${urls[0]}`, urls[0]] })
        .immagini,
    ).toEqual([urls[0]]);
    expect(errorsOf({ ...valid, immagini: [...urls, urls[0]] }).immagini).toBe(
      'Un veicolo può avere al massimo 12 foto',
    );
    expect(errorsOf({ ...valid, immagini: ['https://altro.example.com/foto.jpg'] }).immagini).toBe(
      'Le foto devono essere immagini caricate nel Magazzino (/media/...)',
    );
    expect(errorsOf({ ...valid, immagini: '/media/x.webp' }).immagini).toBe(
      'Le foto devono essere un elenco di indirizzi',
    );
  });
});

describe('VehiclePatchSchema', () => {
  it('leaves out what is not sent, empties optional fields, refuses emptying required ones', () => {
    expect(VehiclePatchSchema.parse({})).toEqual({});
    expect(VehiclePatchSchema.parse({ telaio: '', km: null, immagini: null })).toEqual({
      telaio: null,
      km: null,
      immagini: [],
    });
    expect(VehiclePatchSchema.parse({ targa: 'xy 987 zz' })).toEqual({ targa: 'XY987ZZ' });
    expect(errorsOf({ targa: '' }, VehiclePatchSchema).targa).toBe('La targa è obbligatoria');
    expect(errorsOf({ marca: null }, VehiclePatchSchema).marca).toBe('La marca è obbligatoria');
    expect(errorsOf({ telaio: '1M8GDM9A1KP042788' }, VehiclePatchSchema).telaio).toBe(
      'Il telaio non è valido: la cifra di controllo non corrisponde',
    );
  });
});

describe('VehicleListQuerySchema', () => {
  it('takes the filters, the page and the sort, refusing unknown sorts', () => {
    expect(VehicleListQuerySchema.parse({ targa: ' ab1 ', marca: '', limit: '20', sort: '-targa' })).toEqual({
      targa: 'ab1',
      marca: undefined,
      telaio: undefined,
      modello: undefined,
      limit: 20,
      offset: undefined,
      sort: '-targa',
    });
    expect(VehicleListQuerySchema.safeParse({ sort: 'km' }).success).toBe(false);
    expect(VehicleListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
