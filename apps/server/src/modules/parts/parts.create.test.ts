import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  maxRegistrationYear,
  OPTIONAL_PART_FIELDS,
  PART_FIELDS,
  type Part,
} from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';

/** Each required text field: its label in messages, the adjective's gender, its maximum length. */
const TEXT_FIELDS = [
  ['nome', 'Il nome', 'obbligatorio', LIMITS.shortTextMax],
  ['categoria', 'La categoria', 'obbligatoria', LIMITS.shortTextMax],
  ['condizione', 'La condizione', 'obbligatoria', LIMITS.shortTextMax],
  ['scaffale', 'Lo scaffale', 'obbligatorio', LIMITS.locationMax],
  ['campata', 'La campata', 'obbligatoria', LIMITS.locationMax],
  ['ripiano', 'Il ripiano', 'obbligatorio', LIMITS.locationMax],
  ['cassetta', 'La cassetta', 'obbligatoria', LIMITS.locationMax],
  ['marca', 'La marca', 'obbligatoria', LIMITS.shortTextMax],
  ['modello', 'Il modello', 'obbligatorio', LIMITS.shortTextMax],
] as const;

/** The optional text fields: left empty they are null; given, they follow the same rules. */
const OPTIONAL_TEXT_FIELDS = [
  ['descrizione', 'La descrizione', LIMITS.descrizioneMax],
  ['codice', 'Il codice', LIMITS.shortTextMax],
  ['versione', 'La versione', LIMITS.shortTextMax],
] as const;

const REQUIRED_FIELDS = PART_FIELDS.filter((field) => !(OPTIONAL_PART_FIELDS as string[]).includes(field));

describe.each(DIALECTS)('POST /api/componenti/crea-componente on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  const create = (body: unknown) =>
    session.inject({ method: 'POST', url: '/api/componenti/crea-componente', payload: body as object });
  /** The `fields` of a refused creation (asserting it was refused with 400). */
  const refusedFields = async (body: unknown) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    return res.json<{ fields: Record<string, string> }>().fields;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a part: 201 with ETag, Location and the stored part, readable afterwards', async () => {
    const image = `/media/${'cd'.repeat(32)}.webp`;
    const body = partInput({ nome: '  Faro  ', peso: '1,25', urlImmagine: image });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const part = res.json<Part>();
    expect(part).toMatchObject({ ...body, nome: 'Faro', peso: 1.25, version: 1 });
    expect(part.urlMiniatura).toBe(`/media/${'cd'.repeat(32)}-thumb.webp`);
    expect(part._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(part.createdAt).toISOString()).toBe(part.createdAt);
    expect(part.updatedAt).toBe(part.createdAt);
    expect(res.headers.etag).toBe('"v1"');
    expect(res.headers.location).toBe(`/api/componenti/${part._id}`);
    const read = await session.inject({ method: 'GET', url: `/api/componenti/${part._id}` });
    expect(read.json()).toEqual(part);
  });

  it('stores no image as null and a media upload URL with its thumbnail', async () => {
    const plain = (await create(partInput())).json<Part>();
    expect(plain).toMatchObject({ urlImmagine: null, urlMiniatura: null });
    const blank = (await create(partInput({ urlImmagine: '' }))).json<Part>();
    expect(blank.urlImmagine).toBeNull();
    const url = `/media/${'ab'.repeat(32)}.webp`;
    const media = (await create(partInput({ urlImmagine: url }))).json<Part>();
    expect(media).toMatchObject({ urlImmagine: url, urlMiniatura: `/media/${'ab'.repeat(32)}-thumb.webp` });
  });

  it("refuses an image address that is not one of the app's own /media/ photos", async () => {
    for (const urlImmagine of [
      'javascript:alert(1)',
      'https://example.org/faro.jpg',
      '//example.org/x.png',
      '/api/componenti/export.csv',
      '/media/../api/componenti/export.csv',
    ]) {
      const fields = await refusedFields(partInput({ urlImmagine }));
      expect(fields.urlImmagine).toBe("L'immagine deve essere una foto caricata nel Magazzino (/media/...)");
    }
  });

  it('names every missing required field in Italian', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields).sort()).toEqual([...REQUIRED_FIELDS].sort());
    expect(body.error).toContain('Il nome è obbligatorio');
  });

  it.each(REQUIRED_FIELDS)('refuses a part without %s, naming only that field', async (field) => {
    const fields = await refusedFields(partInput({ [field]: undefined }));
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]).toMatch(/obbligatori[oa]$/);
  });

  it('stores a part without descrizione, codice, peso, prezzo and versione: null, read back as null', async () => {
    expect(OPTIONAL_PART_FIELDS).toEqual(['descrizione', 'codice', 'peso', 'prezzo', 'versione']);
    for (const empty of [undefined, null, '', '   ']) {
      const body = partInput(Object.fromEntries(OPTIONAL_PART_FIELDS.map((field) => [field, empty])));
      const res = await create(body);
      expect(res.statusCode, String(empty)).toBe(201);
      const part = res.json<Part>();
      expect(part, String(empty)).toMatchObject({
        descrizione: null,
        codice: null,
        peso: null,
        versione: null,
      });
      const read = await session.inject({ method: 'GET', url: `/api/componenti/${part._id}` });
      expect(read.json()).toEqual(part);
    }
  });

  it.each(TEXT_FIELDS)(
    'checks %s: required, not blank, a text, at most its length',
    async (field, label, required, max) => {
      expect(await refusedFields(partInput({ [field]: '   ' }))).toEqual({
        [field]: `${label} è ${required}`,
      });
      expect(await refusedFields(partInput({ [field]: null }))).toEqual({
        [field]: `${label} è ${required}`,
      });
      expect(await refusedFields(partInput({ [field]: 42 }))).toEqual({
        [field]: `${label} deve essere un testo`,
      });
      expect(await refusedFields(partInput({ [field]: 'x'.repeat(max + 1) }))).toEqual({
        [field]: `${label} può avere al massimo ${max} caratteri`,
      });
      const longest = await create(partInput({ [field]: ` ${'é'.repeat(max)} ` }));
      expect(longest.statusCode).toBe(201);
      expect(longest.json<Record<string, unknown>>()[field]).toBe('é'.repeat(max));
    },
  );

  it.each(OPTIONAL_TEXT_FIELDS)(
    'checks %s when given: a text, at most its length, trimmed',
    async (field, label, max) => {
      expect(await refusedFields(partInput({ [field]: 42 }))).toEqual({
        [field]: `${label} deve essere un testo`,
      });
      expect(await refusedFields(partInput({ [field]: 'x'.repeat(max + 1) }))).toEqual({
        [field]: `${label} può avere al massimo ${max} caratteri`,
      });
      const longest = await create(partInput({ [field]: ` ${'é'.repeat(max)} ` }));
      expect(longest.statusCode).toBe(201);
      expect(longest.json<Record<string, unknown>>()[field]).toBe('é'.repeat(max));
    },
  );

  it('checks peso: a number ≥ 0 with at most 3 decimals, decimal comma accepted', async () => {
    expect((await refusedFields(partInput({ peso: -0.5 }))).peso).toBe('Il peso non può essere negativo');
    expect((await refusedFields(partInput({ peso: 1.2345 }))).peso).toBe(
      'Il peso può avere al massimo 3 decimali',
    );
    expect((await refusedFields(partInput({ peso: 'tanto' }))).peso).toBe('Il peso deve essere un numero');
    expect((await refusedFields(partInput({ peso: '1,2,3' }))).peso).toBe('Il peso deve essere un numero');
    expect((await refusedFields(partInput({ peso: true }))).peso).toBe('Il peso deve essere un numero');
    expect((await refusedFields(partInput({ peso: LIMITS.pesoMax + 1 }))).peso).toMatch(/non può superare/);
    for (const [sent, stored] of [
      ['2,375', 2.375],
      [' 0,5 ', 0.5],
      ['12.5', 12.5],
      [0, 0],
      [1.005, 1.005],
      [LIMITS.pesoMax, LIMITS.pesoMax],
    ] as const) {
      const res = await create(partInput({ peso: sent }));
      expect(res.statusCode, String(sent)).toBe(201);
      expect(res.json<Part>().peso).toBe(stored);
    }
  });

  it('checks annoImmatricolazione: a 4-digit year from 1900 to next year', async () => {
    const next = maxRegistrationYear();
    const range = `L'anno di immatricolazione deve essere compreso tra 1900 e ${next}`;
    const format = "L'anno di immatricolazione deve essere un anno di 4 cifre";
    expect((await refusedFields(partInput({ annoImmatricolazione: '1899' }))).annoImmatricolazione).toBe(
      range,
    );
    expect(
      (await refusedFields(partInput({ annoImmatricolazione: String(next + 1) }))).annoImmatricolazione,
    ).toBe(range);
    expect((await refusedFields(partInput({ annoImmatricolazione: '04' }))).annoImmatricolazione).toBe(
      format,
    );
    expect((await refusedFields(partInput({ annoImmatricolazione: '20a4' }))).annoImmatricolazione).toBe(
      format,
    );
    expect((await refusedFields(partInput({ annoImmatricolazione: '20045' }))).annoImmatricolazione).toMatch(
      /al massimo 4 caratteri/,
    );
    for (const [sent, stored] of [
      ['1900', '1900'],
      [String(next), String(next)],
      [' 2004 ', '2004'],
      [2010, '2010'],
    ] as const) {
      const res = await create(partInput({ annoImmatricolazione: sent }));
      expect(res.statusCode, String(sent)).toBe(201);
      expect(res.json<Part>().annoImmatricolazione).toBe(stored);
    }
  });

  it('ignores unknown fields and read-only ones', async () => {
    const res = await create({
      ...partInput(),
      _id: 'mine',
      version: 99,
      createdAt: '1999-01-01',
      extra: 'x',
    });
    expect(res.statusCode).toBe(201);
    const part = res.json<Part & { extra?: string }>();
    expect(part._id).not.toBe('mine');
    expect(part.version).toBe(1);
    expect(part.createdAt).not.toBe('1999-01-01');
    expect(part.extra).toBeUndefined();
  });

  it('returns HTML-like and Unicode input verbatim', async () => {
    const body = partInput({
      nome: '<script>alert("x")</script> & <b>Faro</b>',
      descrizione: 'Più leggero — però “usato” 🚗🔧, 日本製',
      marca: 'Škoda',
      modello: 'Citroën C3',
    });
    const created = (await create(body)).json<Part>();
    const read = (
      await session.inject({ method: 'GET', url: `/api/componenti/${created._id}` })
    ).json<Part>();
    for (const part of [created, read]) {
      expect(part).toMatchObject({
        nome: body.nome,
        descrizione: body.descrizione,
        marca: 'Škoda',
        modello: 'Citroën C3',
      });
    }
  });

  it('answers malformed JSON and non-object bodies with a 400 in Italian', async () => {
    const malformed = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      headers: { 'content-type': 'application/json' },
      payload: '{"nome": "Faro",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: 'Il corpo della richiesta non è un JSON valido.',
      code: 'BAD_REQUEST',
    });
    for (const payload of ['[]', '"faro"', 'null']) {
      const res = await session.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/oggetto JSON/);
    }
  });
});
