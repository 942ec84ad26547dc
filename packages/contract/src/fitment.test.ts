import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.js';
import { FitmentInputSchema } from './fitment.js';
import { FITMENT_MAX } from './limits.js';
import { EXAMPLE_PART_INPUT, PartInputSchema, PartListQuerySchema, PartPatchSchema } from './part.js';
import { maxRegistrationYear } from './year.js';

/** The messages of a fitment entry that must fail, by field. */
function errorsOf(input: unknown): Record<string, string> {
  const result = FitmentInputSchema.safeParse(input);
  if (result.success) throw new Error('expected the fitment to be refused');
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

describe('FitmentInputSchema', () => {
  it('needs only the marca; the rest left out, null or empty is null; years may be numbers', () => {
    expect(FitmentInputSchema.parse({ marca: ' Fiat ' })).toEqual({
      marca: 'Fiat',
      modello: null,
      versione: null,
      annoDa: null,
      annoA: null,
    });
    expect(
      FitmentInputSchema.parse({
        marca: 'Lancia',
        modello: 'Ypsilon',
        versione: '',
        annoDa: 2003,
        annoA: '2011',
      }),
    ).toEqual({ marca: 'Lancia', modello: 'Ypsilon', versione: null, annoDa: '2003', annoA: '2011' });
  });

  it('refuses an entry without marca, over-long text and years out of range, naming the field', () => {
    expect(errorsOf({ modello: 'Punto' })).toEqual({ marca: 'La marca è obbligatoria' });
    expect(errorsOf({ marca: '  ' })).toEqual({ marca: 'La marca è obbligatoria' });
    expect(errorsOf({ marca: 'Fiat', modello: 'x'.repeat(201) })).toEqual({
      modello: 'Il modello può avere al massimo 200 caratteri',
    });
    expect(errorsOf({ marca: 'Fiat', annoDa: '98' })).toEqual({
      annoDa: "L'anno iniziale deve essere un anno di 4 cifre",
    });
    expect(errorsOf({ marca: 'Fiat', annoA: String(maxRegistrationYear() + 1) })).toEqual({
      annoA: `L'anno finale deve essere compreso tra 1900 e ${maxRegistrationYear()}`,
    });
  });

  it('wants annoA not before annoDa (equal is one year)', () => {
    expect(errorsOf({ marca: 'Fiat', annoDa: '2005', annoA: '2004' })).toEqual({
      annoA: "L'anno finale non può essere precedente all'anno iniziale",
    });
    expect(FitmentInputSchema.parse({ marca: 'Fiat', annoDa: '2005', annoA: '2005' }).annoA).toBe('2005');
    expect(FitmentInputSchema.parse({ marca: 'Fiat', annoA: '1999' }).annoDa).toBeNull();
  });
});

describe('a part with its donor vehicle and fitment', () => {
  it('leaves both out of a part that does not give them (EXAMPLE_PART_INPUT stays valid)', () => {
    const parsed = PartInputSchema.parse(EXAMPLE_PART_INPUT);
    expect(parsed.veicoloId).toBeUndefined();
    expect(parsed.compatibilita).toBeUndefined();
  });

  it('takes a vehicle id and up to FITMENT_MAX entries, in order', () => {
    const list = Array.from({ length: FITMENT_MAX }, (_, i) => ({ marca: `Marca ${i}` }));
    const parsed = PartInputSchema.parse({ ...EXAMPLE_PART_INPUT, veicoloId: ' v-1 ', compatibilita: list });
    expect(parsed.veicoloId).toBe('v-1');
    expect(parsed.compatibilita?.map((entry) => entry.marca)).toEqual(list.map((entry) => entry.marca));
  });

  it(`refuses more than ${FITMENT_MAX} entries and a bad entry, under compatibilita`, () => {
    const tooMany = Array.from({ length: FITMENT_MAX + 1 }, () => ({ marca: 'Fiat' }));
    const many = PartInputSchema.safeParse({ ...EXAMPLE_PART_INPUT, compatibilita: tooMany });
    expect(many.success ? {} : fieldErrors(many.error)).toEqual({
      compatibilita: `Puoi indicare al massimo ${FITMENT_MAX} veicoli compatibili`,
    });
    const bad = PartInputSchema.safeParse({
      ...EXAMPLE_PART_INPUT,
      compatibilita: [{ marca: 'Fiat' }, { marca: 'Fiat', annoDa: 2010, annoA: 2001 }],
    });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({
      compatibilita: "L'anno finale non può essere precedente all'anno iniziale",
    });
    if (!bad.success) expect(bad.error.issues[0]?.path).toEqual(['compatibilita', 1, 'annoA']);
  });

  it('on a patch: absent leaves, null unlinks the vehicle and empties the list', () => {
    expect(PartPatchSchema.parse({ nome: 'Faro' })).not.toHaveProperty('veicoloId');
    expect(PartPatchSchema.parse({ veicoloId: null, compatibilita: null })).toEqual({
      veicoloId: null,
      compatibilita: [],
    });
    expect(PartPatchSchema.parse({ veicoloId: '' }).veicoloId).toBeNull();
  });

  it('filters the list by vehicle', () => {
    expect(PartListQuerySchema.parse({ veicolo: 'v-1' }).veicolo).toBe('v-1');
    expect(PartListQuerySchema.parse({ veicolo: '' }).veicolo).toBeUndefined();
  });
});
