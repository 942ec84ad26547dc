import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const NOT_FOUND = { error: 'Componente non trovato.', code: 'NOT_FOUND' };

describe.each(DIALECTS)('one part: read, update, delete on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  async function createPart(overrides: Record<string, unknown> = {}): Promise<Part> {
    const res = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
    expect(res.statusCode).toBe(201);
    return res.json<Part>();
  }
  const patch = (id: string, payload: object | string, headers: Record<string, string> = {}) =>
    session.inject({ method: 'PATCH', url: `/api/componenti/modifica/${id}`, payload, headers });
  const read = (id: string, headers: Record<string, string> = {}) =>
    session.inject({ method: 'GET', url: `/api/componenti/${id}`, headers });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/componenti/:id', () => {
    it('returns the part as an object with its ETag', async () => {
      const part = await createPart();
      const res = await read(part._id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.etag).toBe('"v1"');
      expect(res.json()).toEqual(part);
    });

    it('answers 304 without a body when If-None-Match names the current version', async () => {
      const part = await createPart();
      const same = await read(part._id, { 'if-none-match': '"v0", "v1"' });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe('"v1"');
      const other = await read(part._id, { 'if-none-match': '"v7"' });
      expect(other.statusCode).toBe(200);
    });

    it('answers 404 JSON for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'non-esiste', encodeURIComponent("' or 1=1 --")]) {
        const res = await read(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe('PATCH /api/componenti/modifica/:id', () => {
    it('changes only the fields sent, bumps the version and the ETag, keeps createdAt', async () => {
      const part = await createPart({ nome: 'Specchietto', peso: 0.8 });
      const res = await patch(part._id, { peso: '1,125', condizione: ' Ottima ' });
      expect(res.statusCode).toBe(200);
      const updated = res.json<Part>();
      expect(updated).toEqual({
        ...part,
        peso: 1.125,
        condizione: 'Ottima',
        version: 2,
        updatedAt: updated.updatedAt,
      });
      expect(updated.updatedAt >= part.updatedAt).toBe(true);
      expect(res.headers.etag).toBe('"v2"');
      expect((await read(part._id)).json()).toEqual(updated);
    });

    it('keeps the search columns in step: the new name is found, the old one is not', async () => {
      const part = await createPart({ nome: 'Alternatore Bosch', marca: 'Opel' });
      await patch(part._id, { nome: 'Motorino avviamento', marca: 'Citroën' });
      const byNew = await session.inject({
        method: 'GET',
        url: '/api/componenti?nome=MOTORINO&marca=CITROËN',
      });
      expect(byNew.json<Part[]>().map((p) => p._id)).toEqual([part._id]);
      const byOld = await session.inject({ method: 'GET', url: '/api/componenti?nome=alternatore%20bosch' });
      expect(byOld.json()).toEqual([]);
    });

    it('accepts the current ETag (or *) in If-Match and refuses a stale one with 412', async () => {
      const part = await createPart();
      const first = await patch(part._id, { nome: 'Prima modifica' }, { 'if-match': '"v1"' });
      expect(first.statusCode).toBe(200);
      const stale = await patch(part._id, { nome: 'Seconda modifica' }, { 'if-match': '"v1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED' });
      expect(stale.json<{ error: string }>().error).toMatch(/modificato/);
      expect((await read(part._id)).json<Part>()).toMatchObject({ nome: 'Prima modifica', version: 2 });
      const weak = await patch(part._id, { nome: 'Terza' }, { 'if-match': 'W/"v2"' });
      expect(weak.statusCode).toBe(200);
      const any = await patch(part._id, { nome: 'Quarta' }, { 'if-match': '*' });
      expect(any.json<Part>()).toMatchObject({ nome: 'Quarta', version: 4 });
      expect((await patch(part._id, { nome: 'X' }, { 'if-match': 'garbage' })).statusCode).toBe(412);
    });

    it('lets exactly one of two concurrent edits of the same version win', async () => {
      const part = await createPart();
      const results = await Promise.all(
        ['Uno', 'Due', 'Tre'].map((nome) => patch(part._id, { nome }, { 'if-match': '"v1"' })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 412, 412]);
      expect((await read(part._id)).json<Part>().version).toBe(2);
    });

    it('applies concurrent edits without If-Match one after the other', async () => {
      const part = await createPart();
      const results = await Promise.all(
        ['Uno', 'Due', 'Tre'].map((versione) => patch(part._id, { versione })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await read(part._id)).json<Part>().version).toBe(4);
    });

    it('answers 404 for an unknown part, with or without If-Match', async () => {
      expect((await patch(UNKNOWN_ID, { nome: 'X' })).json()).toEqual(NOT_FOUND);
      const res = await patch(UNKNOWN_ID, { nome: 'X' }, { 'if-match': '"v1"' });
      expect(res.statusCode).toBe(404);
    });

    it('refuses an empty change with a clear 400, even after dropping unknown fields', async () => {
      const part = await createPart();
      for (const body of [{}, { colore: 'rosso', _id: 'x' }]) {
        const res = await patch(part._id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(/Nessun campo da modificare/);
      }
    });

    it('applies the creation rules to every field sent, naming each one', async () => {
      const part = await createPart();
      const res = await patch(part._id, {
        nome: '   ',
        peso: -1,
        annoImmatricolazione: '1850',
        cassetta: 'x'.repeat(51),
        marca: null,
      });
      expect(res.statusCode).toBe(400);
      const { annoImmatricolazione, ...fields } = res.json<{ fields: Record<string, string> }>().fields;
      expect(annoImmatricolazione).toMatch(/compreso tra 1900/);
      expect(fields).toEqual({
        nome: 'Il nome è obbligatorio',
        peso: 'Il peso non può essere negativo',
        cassetta: 'La cassetta può avere al massimo 50 caratteri',
        marca: 'La marca è obbligatoria',
      });
      expect((await read(part._id)).json<Part>().version).toBe(1);
    });

    it('removes the image with null or an empty string, and ignores unknown fields', async () => {
      const part = await createPart({
        urlImmagine: '/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
      });
      const cleared = await patch(part._id, { urlImmagine: null, versione: '1.4', extra: 1 });
      expect(cleared.json<Part>()).toMatchObject({ urlImmagine: null, urlMiniatura: null, versione: '1.4' });
      expect(cleared.json<Record<string, unknown>>().extra).toBeUndefined();
      await patch(part._id, {
        urlImmagine: '/media/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp',
      });
      const blank = await patch(part._id, { urlImmagine: '' });
      expect(blank.json<Part>().urlImmagine).toBeNull();
    });

    it('answers malformed JSON with 400', async () => {
      const part = await createPart();
      const res = await session.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        headers: { 'content-type': 'application/json' },
        payload: '{nome:',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  describe('DELETE /api/componenti/delete/:id', () => {
    it('deletes with 204 and no body; the part is gone afterwards', async () => {
      const part = await createPart();
      const res = await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await read(part._id)).statusCode).toBe(404);
      const again = await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it('honours If-Match: a stale version is refused with 412 and the part stays', async () => {
      const part = await createPart();
      await patch(part._id, { nome: 'Cambiato' });
      const del = (etag: string) =>
        session.inject({
          method: 'DELETE',
          url: `/api/componenti/delete/${part._id}`,
          headers: { 'if-match': etag },
        });
      expect((await del('"v1"')).statusCode).toBe(412);
      expect((await read(part._id)).statusCode).toBe(200);
      expect((await del('"v2"')).statusCode).toBe(204);
      expect((await del('"v2"')).statusCode).toBe(404);
    });
  });
});
