import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_LIMITS, type Part, type PartEvent } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';

/** A photo of the Magazzino, as the upload names it (a part does not check the file is there). */
const photo = (n: number) => `/media/${String(n).padStart(64, 'b')}.webp`;
const thumb = (n: number) => `/media/${String(n).padStart(64, 'b')}-thumb.webp`;

describe.each(DIALECTS)("a part's photos on %s", (dialect) => {
  let t: TestApp;
  let session: Session;

  async function create(overrides: Record<string, unknown> = {}): Promise<Part> {
    const res = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Part>();
  }
  const patch = (id: string, payload: object) =>
    session.inject({ method: 'PATCH', url: `/api/componenti/modifica/${id}`, payload });
  const read = async (id: string) =>
    (await session.inject({ method: 'GET', url: `/api/componenti/${id}` })).json<Part>();
  const photosOf = async (id: string) => {
    const part = await read(id);
    return { cover: part.urlImmagine, thumb: part.urlMiniatura, immagini: part.immagini };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the photos in the order given, the first as the cover, with their thumbnails', async () => {
    const part = await create({ immagini: [photo(3), `http://localhost:3000${photo(1)}`, photo(2)] });
    expect(part).toMatchObject({
      urlImmagine: photo(3),
      urlMiniatura: thumb(3),
      immagini: [photo(3), photo(1), photo(2)],
      miniature: [thumb(3), thumb(1), thumb(2)],
    });
    expect(await read(part._id)).toEqual(part);
  });

  it('takes urlImmagine alone as the one photo, and no photo as none', async () => {
    expect(await create({ urlImmagine: photo(4) })).toMatchObject({
      urlImmagine: photo(4),
      immagini: [photo(4)],
      miniature: [thumb(4)],
    });
    expect(await create({ immagini: null })).toMatchObject({
      urlImmagine: null,
      urlMiniatura: null,
      immagini: [],
      miniature: [],
    });
  });

  it('shows every photo in the list too, the cover as its thumbnail', async () => {
    const many = await create({ nome: 'Fanale elenco', immagini: [photo(5), photo(6)] });
    const one = await create({ nome: 'Fanale elenco', urlImmagine: photo(7) });
    const res = await session.inject({ method: 'GET', url: '/api/componenti?nome=fanale%20elenco&limit=10' });
    const listed = res.json<Part[]>();
    expect(listed.map((part) => [part._id, part.immagini, part.urlMiniatura])).toEqual([
      [one._id, [photo(7)], thumb(7)],
      [many._id, [photo(5), photo(6)], thumb(5)],
    ]);
    // The unpaged list (streamed) too.
    const all = await session.inject({ method: 'GET', url: '/api/componenti?nome=fanale%20elenco' });
    expect(all.json<Part[]>().map((part) => part.immagini)).toEqual([[photo(7)], [photo(5), photo(6)]]);
  });

  it('reorders and replaces the photos with immagini in a patch, the new first as the cover', async () => {
    const part = await create({ immagini: [photo(10), photo(11), photo(12)] });
    const res = await patch(part._id, { immagini: [photo(12), photo(10), photo(11)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Part>()).toMatchObject({
      urlImmagine: photo(12),
      urlMiniatura: thumb(12),
      immagini: [photo(12), photo(10), photo(11)],
      miniature: [thumb(12), thumb(10), thumb(11)],
    });
    expect(await photosOf(part._id)).toEqual({
      cover: photo(12),
      thumb: thumb(12),
      immagini: [photo(12), photo(10), photo(11)],
    });
    // Both given, they must agree.
    expect((await patch(part._id, { immagini: [photo(11)], urlImmagine: photo(11) })).statusCode).toBe(200);
    expect((await photosOf(part._id)).immagini).toEqual([photo(11)]);
    // null (or []) removes every photo.
    expect((await patch(part._id, { immagini: null })).statusCode).toBe(200);
    expect(await photosOf(part._id)).toEqual({ cover: null, thumb: null, immagini: [] });
  });

  it('replaces only the cover with urlImmagine alone; null removes it and the next becomes the cover', async () => {
    const part = await create({ immagini: [photo(20), photo(21), photo(22)] });
    expect((await patch(part._id, { urlImmagine: photo(23) })).statusCode).toBe(200);
    expect((await photosOf(part._id)).immagini).toEqual([photo(23), photo(21), photo(22)]);
    // A photo already further down moves up instead of appearing twice.
    expect((await patch(part._id, { urlImmagine: photo(22) })).statusCode).toBe(200);
    expect((await photosOf(part._id)).immagini).toEqual([photo(22), photo(21)]);
    expect((await patch(part._id, { urlImmagine: null })).statusCode).toBe(200);
    expect(await photosOf(part._id)).toEqual({ cover: photo(21), thumb: thumb(21), immagini: [photo(21)] });
    expect((await patch(part._id, { urlImmagine: '' })).statusCode).toBe(200);
    expect(await photosOf(part._id)).toEqual({ cover: null, thumb: null, immagini: [] });
    // Another field changed leaves the photos as they are.
    await patch(part._id, { immagini: [photo(24), photo(25)] });
    expect((await patch(part._id, { nome: 'Solo il nome' })).statusCode).toBe(200);
    expect((await photosOf(part._id)).immagini).toEqual([photo(24), photo(25)]);
  });

  it('refuses a cover that is not the first of immagini, naming urlImmagine', async () => {
    const part = await create({ immagini: [photo(30)] });
    const res = await patch(part._id, { immagini: [photo(31), photo(30)], urlImmagine: photo(30) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { urlImmagine: 'La copertina (urlImmagine) deve essere la prima foto di immagini' },
    });
    expect((await photosOf(part._id)).immagini).toEqual([photo(30)]);
  });

  it('refuses 13 photos and a photo given twice, naming immagini, on creation and in a patch', async () => {
    const thirteen = Array.from({ length: PART_LIMITS.immaginiMax + 1 }, (_, n) => photo(100 + n));
    const tooMany = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ immagini: thirteen }),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { immagini: 'Un componente può avere al massimo 12 foto' },
    });
    const twelve = await create({ immagini: thirteen.slice(0, 12) });
    expect(twelve.immagini).toHaveLength(12);
    const twice = await patch(twelve._id, {
      immagini: [photo(1), `https://magazzino.example.it${photo(1)}`],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ fields: { immagini: 'La stessa foto compare due volte' } });
    expect((await patch(twelve._id, { immagini: thirteen })).statusCode).toBe(400);
    expect((await read(twelve._id)).immagini).toEqual(thirteen.slice(0, 12));
  });

  it('records a new number of photos in the history, and a new cover as the photo', async () => {
    const part = await create({ urlImmagine: photo(40) });
    await patch(part._id, { immagini: [photo(40), photo(41), photo(42)] });
    await patch(part._id, { immagini: [photo(42), photo(40), photo(41)] });
    const res = await session.inject({ method: 'GET', url: `/api/componenti/storico/${part._id}` });
    const [reordered, added] = res.json<PartEvent[]>();
    expect(added?.modifiche).toEqual([{ campo: 'immagini', prima: 1, dopo: 3 }]);
    expect(reordered?.modifiche).toEqual([{ campo: 'urlImmagine', prima: photo(40), dopo: photo(42) }]);
  });

  it('keeps the photos of a part in the bin in use, and brings them back in order with the part', async () => {
    const part = await create({ immagini: [photo(50), photo(51), photo(52)] });
    const urls = [photo(50), photo(51), photo(52), photo(53)];
    expect([...(await t.app.parts.referencedImageUrls(urls))].sort()).toEqual(urls.slice(0, 3));
    const deleted = await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
    expect(deleted.statusCode).toBe(204);
    // Out of the parts, into the bin: still in use for the media cleanup, every one of them.
    expect(await t.app.parts.referencedImageUrls(urls)).toEqual(new Set());
    expect([...(await t.app.partLifecycle.referencedImageUrls(urls))].sort()).toEqual(urls.slice(0, 3));
    const back = await session.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Part>()).toMatchObject({
      codiceRicambio: part.codiceRicambio,
      urlImmagine: photo(50),
      immagini: [photo(50), photo(51), photo(52)],
      miniature: [thumb(50), thumb(51), thumb(52)],
    });
    expect((await read(part._id)).immagini).toEqual([photo(50), photo(51), photo(52)]);
    expect([...(await t.app.parts.referencedImageUrls(urls))].sort()).toEqual(urls.slice(0, 3));
    expect(await t.app.partLifecycle.referencedImageUrls(urls)).toEqual(new Set());
  });

  it('keeps the photos through a status change', async () => {
    const part = await create({ immagini: [photo(60), photo(61)] });
    const sold = await session.inject({
      method: 'POST',
      url: `/api/componenti/stato/${part._id}`,
      payload: { stato: 'venduto', prezzo: '10' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json<Part>().immagini).toEqual([photo(60), photo(61)]);
  });
});
