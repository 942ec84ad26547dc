import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IN_STOCK_STATUSES,
  PART_STATUSES,
  PartInputSchema,
  type Part,
  type PartInput,
  type PartStatus,
  type Vehicle,
} from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { sqlitePlans } from '../../../test/sqlite-plans.js';
import { partInput, vehicleInput } from '../../../test/factories.js';
import { generateDemoParts } from '../../cli/demo-data.js';
import { newId } from '../../lib/ids.js';
import { COUNT_LIMIT } from './parts.service.js';
import { insertPart, insertParts, listMatchingSeqs, searchSeqs } from './parts.repository.js';

/**
 * Search against a brute-force oracle: a few thousand realistic parts (the demo generator, with
 * accents and codes written several ways mixed in), random queries drawn from them, and every
 * answer (ids, order, pages, counts) compared with what a plain scan in JavaScript finds.
 */
const COUNT = 2500;

// The oracle's own folding, written independently of lib/text-fold.ts.
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const alnum = (text: string) => fold(text).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Stores `input` (with its donor `vehicle`) and its history row inside a transaction that then
 * fails: nothing of it may remain, in the index or in a count.
 */
function insertRolledBack(t: TestApp, input: unknown, vehicle: Vehicle | null = null): Promise<void> {
  return t.app.db.transaction().execute(async (trx) => {
    await insertPart(
      trx,
      PartInputSchema.parse(input),
      newId(Date.now()),
      new Date().toISOString(),
      vehicle,
      null,
    );
    throw new Error('rolled back');
  });
}

/** A small deterministic generator (xorshift32) for the random queries. */
function randomSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** The demo parts with the awkward spellings a yard really has mixed in, and fields left empty. */
function warehouse(): PartInput[] {
  const demo = generateDemoParts(COUNT, 7);
  return demo.map((input, index) => {
    const part = { ...input };
    if (index % 7 === 0) part.nome = `${part.nome} è già revisionato`;
    if (index % 9 === 0) part.marca = part.marca === 'Citroën' ? 'CITROËN' : `${part.marca} Škoda`;
    if (index % 11 === 0) part.codice = (part.codice ?? '').replace(/(.{3})/g, '$1 ').trim();
    if (index % 13 === 0) part.codice = (part.codice ?? '').replace(/(.{2})/g, '$1-').replace(/-$/, '');
    if (index % 17 === 0) part.descrizione = `${part.descrizione ?? ''} Àncora 50%_ok`;
    // Optional fields left empty (null): searched as empty text, sorted as the smallest value.
    if (index % 5 === 1) part.codice = null;
    if (index % 6 === 1) part.peso = null;
    if (index % 8 === 1) part.versione = null;
    if (index % 10 === 3) part.descrizione = null;
    // Fitment (migration 014): other makes and models the part also fits, found by the marca and
    // modello filters and by q.
    if (index % 4 === 2) {
      const other = demo[(index * 7 + 3) % demo.length] ?? input;
      part.compatibilita = [
        { marca: other.marca, modello: other.modello, versione: other.versione, annoDa: null, annoA: null },
        ...(index % 8 === 2
          ? [{ marca: 'Dacia SSandero', modello: null, versione: null, annoDa: '2010', annoA: null }]
          : []),
      ];
    }
    return PartInputSchema.parse(part);
  });
}

/**
 * A part as the oracle sees it: its input, its donor vehicle's targa and telaio if it has one, and
 * its status.
 */
interface OraclePart {
  id: string;
  input: PartInput;
  vehicle?: { targa: string; telaio: string | null } | undefined;
  stato: PartStatus;
}

/**
 * The status of the part at `index`: one in four is not simply available, half of those out of
 * stock (sold or scrapped: the search reads them from another index on SQLite, migration 022).
 */
const OTHER_STATUSES: readonly PartStatus[] = ['venduto', 'riservato', 'scartato', 'reso'];
function statusAt(index: number): PartStatus {
  return (index % 4 === 3 ? OTHER_STATUSES[(index >> 2) % 4] : undefined) ?? 'disponibile';
}

/** The `stato` parameters a clerk sends, and the statuses each keeps (none: the parts in stock). */
const STATUS_FILTERS: readonly { param?: string; kept: readonly PartStatus[] }[] = [
  { kept: IN_STOCK_STATUSES },
  { param: 'tutti', kept: PART_STATUSES },
  { param: 'venduto,scartato', kept: ['venduto', 'scartato'] },
  { param: 'venduto', kept: ['venduto'] },
  { param: 'disponibile', kept: ['disponibile'] },
  { param: 'riservato,venduto', kept: ['riservato', 'venduto'] },
];

interface Query {
  nome?: string;
  marca?: string;
  modello?: string;
  q?: string;
  categoria?: string;
  sort?: string;
  stato?: string;
}

/** The statuses a query keeps. */
function keptStatuses(query: Query): readonly PartStatus[] {
  const filter = STATUS_FILTERS.find((entry) => entry.param === query.stato);
  if (!filter) throw new Error(`no status filter ${query.stato}`);
  return filter.kept;
}

const TEXT_FIELDS = [
  'nome',
  'descrizione',
  'categoria',
  'codice',
  'condizione',
  'marca',
  'modello',
  'versione',
  'annoImmatricolazione',
] as const;

function fieldsOf(part: PartInput): string[] {
  return [
    ...TEXT_FIELDS.map((field) => part[field] ?? ''),
    [part.scaffale, part.campata, part.ripiano, part.cassetta].join(' '),
    ...(part.compatibilita ?? []).flatMap((entry) => [
      entry.marca,
      entry.modello ?? '',
      entry.versione ?? '',
    ]),
  ];
}

/** The values a field filter matches in: the part's own, and for marca and modello its fitment's. */
function filterValues(part: PartInput, field: 'nome' | 'marca' | 'modello'): string[] {
  if (field === 'nome') return [part.nome];
  return [part[field], ...(part.compatibilita ?? []).map((entry) => entry[field] ?? '')];
}

/** The codes a word read as a code matches in: the part's own, its donor vehicle's targa and telaio. */
function codesOf(part: OraclePart): string[] {
  return [part.input.codice ?? '', part.vehicle?.targa ?? '', part.vehicle?.telaio ?? ''].map(alnum);
}

function oracleMatches(entry: OraclePart, query: Query): boolean {
  const part = entry.input;
  if (!keptStatuses(query).includes(entry.stato)) return false;
  for (const field of ['nome', 'marca', 'modello'] as const) {
    const wanted = query[field]?.trim();
    if (wanted && !filterValues(part, field).some((value) => fold(value).includes(fold(wanted))))
      return false;
  }
  if (query.categoria !== undefined && part.categoria !== query.categoria) return false;
  for (const word of (query.q ?? '').trim().split(/\s+/u)) {
    const text = fold(word);
    if (text === '') continue;
    const code = alnum(word);
    const inText = fieldsOf(part).some((value) => fold(value).includes(text));
    const inCode = code !== '' && codesOf(entry).some((value) => value.includes(code));
    if (!inText && !inCode) return false;
  }
  return true;
}

/** The oracle's answer, in the list's order: exact codes first for a free-text search, then newest. */
function oracle(parts: readonly OraclePart[], query: Query): string[] {
  const found = parts.filter((part) => oracleMatches(part, query)).reverse();
  const code = query.q !== undefined && query.sort === undefined ? alnum(query.q) : '';
  if (code === '') return found.map((part) => part.id);
  const exact = found.filter((part) => alnum(part.input.codice ?? '') === code);
  const others = found.filter((part) => alnum(part.input.codice ?? '') !== code);
  return [...exact, ...others].map((part) => part.id);
}

/** A piece of a value as a clerk might type it: case changed, sometimes an accent added. */
function typedPiece(random: ReturnType<typeof randomSource>, value: string, length: number): string {
  const start = random.int(Math.max(1, value.length - length + 1));
  let piece = value.slice(start, start + length);
  piece = [...piece].map((char) => (random.next() < 0.5 ? char.toUpperCase() : char.toLowerCase())).join('');
  if (random.next() < 0.2) piece = piece.replace('e', 'è').replace('a', 'À');
  return piece;
}

function randomQueries(entries: readonly OraclePart[], count: number, seed: number): Query[] {
  const random = randomSource(seed);
  const parts = entries.map((entry) => entry.input);
  const linked = entries.filter((entry) => entry.vehicle !== undefined);
  const fitted = parts.filter((part) => (part.compatibilita ?? []).length > 0);
  const queries: Query[] = [];
  const lengths = [1, 2, 3, 4, 5, 7, 10];
  for (let i = 0; i < count; i += 1) {
    const part = random.pick(parts);
    const other = random.pick(parts);
    const word = (value: string) =>
      typedPiece(random, value.split(/\s+/u)[0] ?? value, random.pick(lengths)).trim();
    switch (i % 10) {
      case 0:
        queries.push({ nome: typedPiece(random, part.nome, random.pick(lengths)) });
        break;
      case 1: {
        // Half of them a marca only a fitment entry has.
        const marca =
          random.next() < 0.5 ? part.marca : (random.pick(fitted).compatibilita?.[0]?.marca ?? part.marca);
        queries.push({ marca: typedPiece(random, marca, random.pick([2, 3, 4, 6])) });
        break;
      }
      case 2:
        queries.push({ nome: word(part.nome), marca: word(part.marca) });
        break;
      case 3:
        queries.push({ q: word(random.pick(fieldsOf(part))) });
        break;
      case 4:
        queries.push({ q: `${word(part.nome)} ${word(part.modello)}` });
        break;
      case 5: {
        // The code as another clerk writes it: without separators, or spaced, or dashed.
        // A third of them the donor vehicle's targa or telaio, typed as a code.
        const vehicle = random.next() < 0.35 ? random.pick(linked).vehicle : undefined;
        const code = vehicle
          ? random.pick([vehicle.targa, vehicle.telaio ?? vehicle.targa])
          : (part.codice ?? '');
        const bare = code.replace(/[^\p{L}\p{N}]/gu, '');
        const spaced = random.next() < 0.5 ? bare : bare.replace(/(.{3})/g, '$1-').replace(/-$/, '');
        queries.push({ q: random.next() < 0.3 ? spaced.slice(0, 5) : spaced.toLowerCase() });
        break;
      }
      case 6:
        queries.push({ q: word(part.descrizione ?? part.nome), marca: word(other.marca) });
        break;
      case 7:
        queries.push({ q: typedPiece(random, random.pick(fieldsOf(part)), random.pick([1, 2])) });
        break;
      case 8:
        queries.push({ q: word(part.nome), categoria: part.categoria });
        break;
      default: {
        const source = random.next() < 0.5 ? part : random.pick(fitted);
        const modello = source.compatibilita?.[0]?.modello ?? source.modello;
        queries.push({ modello: word(modello), sort: random.pick(['nome', '-peso', 'ubicazione']) });
      }
    }
    // Two queries in five ask for other statuses than the parts in stock.
    const last = queries.at(-1);
    if (last && random.next() < 0.4) {
      const param = random.pick(STATUS_FILTERS.slice(1)).param;
      if (param !== undefined) last.stato = param;
    }
  }
  return queries;
}

function search(query: Query, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra })) {
    if (value !== undefined) params.set(key, value);
  }
  return `/api/componenti?${params.toString()}`;
}

/** The oracle's order for a sorted query: the sort value, ties by registration (newest last when ascending). */
function sortedOracle(parts: readonly OraclePart[], query: Query): string[] {
  const found = parts.filter((part) => oracleMatches(part, query));
  if (!query.sort) return oracle(parts, query);
  const descending = query.sort.startsWith('-');
  const field = descending ? query.sort.slice(1) : query.sort;
  const keyOf = (input: PartInput): string | number => {
    // No weight sorts before every weight.
    if (field === 'peso') return input.peso === null ? -1 : Math.round(input.peso * 1000);
    if (field === 'nome') return fold(input.nome);
    return [input.scaffale, input.campata, input.ripiano, input.cassetta]
      .map((s) => fold(s.trim()))
      .join('\u001f');
  };
  const indexed = found.map((part) => ({ part, key: keyOf(part.input), at: parts.indexOf(part) }));
  indexed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.at - b.at));
  if (descending) indexed.reverse();
  return indexed.map((entry) => entry.part.id);
}

/** True when a text query finds something. */
function expectedNonEmpty(parts: readonly OraclePart[], query: Query): boolean {
  return parts.some((part) => oracleMatches(part, query));
}

describe.each(DIALECTS)('search on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  let parts: OraclePart[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    // Donor vehicles, some plates written with spaces (stored without), for one part in six.
    const vehicles: Vehicle[] = [];
    for (let i = 0; i < 12; i += 1) {
      const targa = i % 3 === 0 ? `ZR ${100 + i} KW` : `ZR${100 + i}KW`;
      const response = await session.inject({
        method: 'POST',
        url: '/api/veicoli',
        payload: vehicleInput({ targa }),
      });
      expect(response.statusCode, response.body).toBe(201);
      vehicles.push(response.json<Vehicle>());
    }
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    parts = warehouse().map((input, index) => {
      const vehicle = index % 6 === 4 ? vehicles[index % vehicles.length] : undefined;
      const time = start + index * 1000;
      return {
        id: newId(time),
        input: { ...input, veicoloId: vehicle?._id ?? null },
        vehicle: vehicle ? { targa: vehicle.targa, telaio: vehicle.telaio } : undefined,
        stato: statusAt(index),
      };
    });
    await t.app.db.transaction().execute((trx) =>
      insertParts(
        trx,
        parts.map((part, index) => ({
          input: part.input,
          id: part.id,
          createdAt: new Date(start + index * 1000).toISOString(),
          vehicle: part.vehicle ?? null,
        })),
      ),
    );
    // The statuses set after the parts are stored, as a clerk's moves do: each part sold or
    // scrapped leaves the index of the parts in stock for the other one.
    for (const stato of PART_STATUSES.filter((status) => status !== 'disponibile')) {
      const ids = parts.filter((part) => part.stato === stato).map((part) => part.id);
      await t.app.db.updateTable('parts').set({ stato }).where('id', 'in', ids).execute();
    }
  });

  /** How many parts the default list counts: those in stock. */
  const inStock = () => parts.filter((part) => IN_STOCK_STATUSES.includes(part.stato as never)).length;

  afterAll(async () => {
    await t.close();
  });

  async function get(url: string) {
    const response = await session.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return {
      ids: response.json<Part[]>().map((part) => part._id),
      total: Number(response.headers['x-total-count']),
      exact: response.headers['x-total-count-exact'],
    };
  }

  /**
   * Each of `queries` has more matches than it counts: its first page and a deeper one at `offset`
   * are the oracle's, newest first, and its total is the limit, not exact.
   */
  async function expectCappedPages(queries: Query[], offset: number) {
    for (const query of queries) {
      const expected = sortedOracle(parts, query);
      const label = JSON.stringify(query);
      const first = await get(search(query, { limit: '25' }));
      expect(first.ids, label).toEqual(expected.slice(0, 25));
      expect([first.total, first.exact], label).toEqual([COUNT_LIMIT, 'false']);
      const deeper = await get(search(query, { limit: '10', offset: String(offset) }));
      expect(deeper.ids, label).toEqual(expected.slice(offset, offset + 10));
    }
  }

  it('finds exactly what a scan finds, in the same order, with the same counts, page after page', async () => {
    const queries = randomQueries(parts, 160, dialect === 'sqlite' ? 11 : 12);
    let capped = 0;
    let short = 0;
    let throughLinks = 0;
    const byStatus = new Set<string>();
    for (const query of queries) {
      if (expectedNonEmpty(parts, query)) byStatus.add(query.stato ?? '');
      const expected = sortedOracle(parts, query);
      // Found only through its fitment or its donor vehicle: the same part without them is not.
      const bare = (part: OraclePart): OraclePart => ({
        id: part.id,
        input: { ...part.input, compatibilita: [] },
        stato: part.stato,
      });
      if (parts.some((part) => expected.includes(part.id) && !oracleMatches(bare(part), query)))
        throughLinks += 1;
      const label = JSON.stringify(query);
      const first = await get(search(query, { limit: '25' }));
      expect(first.ids, label).toEqual(expected.slice(0, 25));
      // Only a text search stops counting; blank text is no search at all.
      const textual = [query.nome, query.marca, query.modello, query.q].some(
        (text) => fold(text ?? '').trim() !== '',
      );
      if (textual && expected.length > COUNT_LIMIT) {
        capped += 1;
        expect([first.total, first.exact], label).toEqual([COUNT_LIMIT, 'false']);
      } else {
        expect([first.total, first.exact], label).toEqual([expected.length, 'true']);
      }
      if ([...(query.q ?? '')].length <= 2 && query.q) short += 1;
      if (expected.length > 25) {
        const offset = 25 + ((expected.length * 7) % Math.min(expected.length - 1, 1500));
        const page = await get(search(query, { limit: '10', offset: String(offset) }));
        expect(page.ids, `${label} at ${offset}`).toEqual(expected.slice(offset, offset + 10));
      }
    }
    // The draw covers the awkward cases: counts past the limit, one- and two-letter words, every
    // status filter with something found.
    expect(capped).toBeGreaterThan(3);
    expect([...byStatus].sort()).toEqual(STATUS_FILTERS.map((filter) => filter.param ?? '').sort());
    expect(throughLinks).toBeGreaterThan(10);
    expect(short).toBeGreaterThan(5);
  });

  it('streams every match of a search in the order of its pages', async () => {
    for (const query of [
      { q: 'faro' },
      { nome: 'a', marca: 'fiat' },
      { q: 'è 2' },
      { q: 'specchietto sx' },
    ]) {
      const expected = oracle(parts, query);
      const all = await get(search(query, {}));
      expect(all.ids, JSON.stringify(query)).toEqual(expected);
    }
  });

  it('pages a search with more matches than it counts from the newest, its total capped', async () => {
    // Words of three letters or more and nothing else: SQLite answers from its index alone.
    const common = [{ q: 'ore' }, { q: 'ant' }, { nome: 'ore' }, { q: 'ter' }, { nome: 'ant' }].filter(
      (query) => sortedOracle(parts, query).length > COUNT_LIMIT,
    );
    expect(common.length).toBeGreaterThan(1);
    await expectCappedPages(common, 600);
  });

  it('pages a search of a word and a number past the count limit, newest first', async () => {
    // 'smontato' is in every part's description (SQLite reads it in the word index) and the
    // numbers in most (read in the trigram index): the page is the newest both indexes hold.
    const common = [
      { q: 'smontato 20' },
      { q: 'smontato 201' },
      { q: 'smontato 201', stato: 'tutti' },
      { q: 'smontato 1', stato: 'tutti' },
    ].filter((query) => sortedOracle(parts, query).length > COUNT_LIMIT);
    expect(common.length).toBeGreaterThan(2);
    await expectCappedPages(common, 700);
  });

  it('puts the part whose code is the search first, however the code is written', async () => {
    const target = parts.find((part) => /\s/.test(part.input.codice ?? ''));
    const code = target?.input.codice;
    if (!target || !code) throw new Error('the warehouse has no spaced code');
    const bare = alnum(code);
    for (const written of [code, bare, bare.toUpperCase().replace(/(.{4})/g, '$1-')]) {
      const found = await get(search({ q: written }, { limit: '5' }));
      expect(found.ids[0], written).toBe(target.id);
    }
  });

  it('keeps the index and the category counts right through create, edit, delete and a rolled-back write', async () => {
    const categories = async () =>
      Object.fromEntries(
        (await session.inject({ method: 'GET', url: '/api/componenti/categorie' }))
          .json<{ categoria: string; count: number }[]>()
          .map((row) => [row.categoria, row.count]),
      );
    const before = await categories();
    const created = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ nome: 'Pompa Zzyzx', categoria: 'Idraulica rara', codice: 'QW-77 81' }),
    });
    expect(created.statusCode).toBe(201);
    const part = created.json<Part>();
    expect((await get(search({ q: 'zzyzx' }, {}))).ids).toEqual([part._id]);
    expect((await get(search({ q: 'qw7781' }, {}))).ids).toEqual([part._id]);
    expect(await categories()).toEqual({ ...before, 'Idraulica rara': 1 });

    const edited = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { nome: 'Pompa Vbnmq', categoria: 'Idraulica' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(search({ q: 'zzyzx' }, {}))).ids).toEqual([]);
    expect((await get(search({ nome: 'vbnmq' }, {}))).ids).toEqual([part._id]);
    expect(await categories()).toEqual({ ...before, Idraulica: (before.Idraulica ?? 0) + 1 });

    const deleted = await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await get(search({ q: 'vbnmq' }, {}))).ids).toEqual([]);
    expect(await categories()).toEqual(before);

    // A write that fails inside its transaction leaves neither a row, an index entry nor a count.
    await expect(
      insertRolledBack(t, partInput({ nome: 'Pompa Rollback', categoria: 'Mai vista' })),
    ).rejects.toThrow('rolled back');
    expect((await get(search({ q: 'rollback' }, {}))).ids).toEqual([]);
    expect(await categories()).toEqual(before);
    expect((await get('/api/componenti?limit=1')).total).toBe(inStock());
  });
  it('follows a part through its moves: sold, returned, scrapped, binned and restored, always found where its status is', async () => {
    const created = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ nome: 'Cremagliera Qvbzt', codice: 'QV-88 12' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const part = created.json<Part>();
    const move = async (body: Record<string, unknown>) => {
      const moved = await session.inject({
        method: 'POST',
        url: `/api/componenti/stato/${part._id}`,
        payload: body,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    /** Where the part is found, by each status filter, by a word, a code and a two-letter-free field. */
    const foundBy = async () => {
      const found: Record<string, boolean> = {};
      for (const filter of STATUS_FILTERS) {
        const extra: Record<string, string> = filter.param ? { stato: filter.param } : {};
        const hits = [
          ...(await get(search({ q: 'qvbzt' }, extra))).ids,
          ...(await get(search({ q: 'qv8812' }, extra))).ids,
          ...(await get(search({ nome: 'cremagliera qv' }, extra))).ids,
        ];
        found[filter.param ?? 'in stock'] = hits.length === 3 && hits.every((id) => id === part._id);
        if (!found[filter.param ?? 'in stock']) expect(hits, filter.param).toEqual([]);
      }
      return found;
    };
    const where = (stato: PartStatus) =>
      Object.fromEntries(
        STATUS_FILTERS.map((filter) => [filter.param ?? 'in stock', filter.kept.includes(stato)]),
      );

    expect(await foundBy()).toEqual(where('disponibile'));
    await move({ stato: 'venduto', prezzo: '120' });
    expect(await foundBy()).toEqual(where('venduto'));
    // A change of place while sold: the entry stays where it is, and stays right.
    const edited = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { scaffale: 'Q', descrizione: 'Venduta a Zorbex' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(search({ q: 'zorbex' }, { stato: 'venduto' }))).ids).toEqual([part._id]);
    expect((await get(search({ q: 'zorbex' }, {}))).ids).toEqual([]);
    await move({ stato: 'reso' });
    expect(await foundBy()).toEqual(where('reso'));
    await move({ stato: 'scartato' });
    expect(await foundBy()).toEqual(where('scartato'));
    // Binned while scrapped, then restored: back with its status, in its index.
    expect(
      (await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
    ).toBe(204);
    expect(Object.values(await foundBy()).some(Boolean)).toBe(false);
    const restored = await session.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Part>().stato).toBe('scartato');
    expect(await foundBy()).toEqual(where('scartato'));
    await move({ stato: 'disponibile' });
    expect(await foundBy()).toEqual(where('disponibile'));
    expect(
      (await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
    ).toBe(204);
    expect((await session.inject({ method: 'DELETE', url: `/api/cestino/${part._id}` })).statusCode).toBe(
      204,
    );
  });

  it('keeps the index right for fitment and donor vehicle through create, edit, delete and a rolled-back write', async () => {
    const vehicle = (
      await session.inject({
        method: 'POST',
        url: '/api/veicoli',
        payload: vehicleInput({ targa: 'XJ 404 QP' }),
      })
    ).json<Vehicle>();
    const created = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({
        nome: 'Tirante',
        veicoloId: vehicle._id,
        compatibilita: [{ marca: 'Tatra Qzwv', modello: 'Moskvy Jkpl' }],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const part = created.json<Part>();
    expect((await get(search({ q: 'xj404qp' }, {}))).ids).toEqual([part._id]);
    expect((await get(search({ marca: 'qzwv' }, {}))).ids).toEqual([part._id]);
    expect((await get(search({ modello: 'jkpl' }, {}))).ids).toEqual([part._id]);

    const edited = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { veicoloId: null, compatibilita: [{ marca: 'Zastava Wvbn' }] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(search({ q: 'xj404qp' }, {}))).ids).toEqual([]);
    expect((await get(search({ marca: 'qzwv' }, {}))).ids).toEqual([]);
    expect((await get(search({ modello: 'jkpl' }, {}))).ids).toEqual([]);
    expect((await get(search({ q: 'wvbn' }, {}))).ids).toEqual([part._id]);

    expect(
      (await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
    ).toBe(204);
    expect((await get(search({ marca: 'wvbn' }, {}))).ids).toEqual([]);
    expect((await get(search({ q: 'wvbn' }, {}))).ids).toEqual([]);

    await expect(
      insertRolledBack(
        t,
        partInput({ nome: 'Rollback', veicoloId: vehicle._id, compatibilita: [{ marca: 'Trabant Rlbk' }] }),
        vehicle,
      ),
    ).rejects.toThrow('rolled back');
    expect((await get(search({ marca: 'rlbk' }, {}))).ids).toEqual([]);
    expect((await get(search({ q: 'xj404qp' }, {}))).ids).toEqual([]);
    expect((await get('/api/componenti?limit=1')).total).toBe(inStock());
  });
});

/**
 * A SQLite app holding `count` demo parts of `seed`, registered a second apart (seq 1 the oldest),
 * `edit` changing any of them, and a reader of its file that records the plans of its statements.
 */
async function sqliteWithDemoParts(
  count: number,
  seed: number,
  edit: (input: PartInput, index: number) => PartInput = (input) => input,
): Promise<{ t: TestApp; plans: ReturnType<typeof sqlitePlans> }> {
  const t = await buildTestApp('sqlite');
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  await t.app.db.transaction().execute((trx) =>
    insertParts(
      trx,
      generateDemoParts(count, seed).map((input, index) => ({
        input: edit(input, index),
        id: newId(start + index * 1000),
        createdAt: new Date(start + index * 1000).toISOString(),
      })),
    ),
  );
  return { t, plans: sqlitePlans(t) };
}

// SQLite keeps no statistics: beside `stato in ('disponibile')` it took that status's index for its
// order and read every part in it (110 ms at 10^5 parts) instead of the code's few rows. PostgreSQL
// plans with its statistics.
describe('the part whose code is the search, beside a status filter, on sqlite', () => {
  it('is read on the index of codes, whatever status is asked', async () => {
    const { t, plans } = await sqliteWithDemoParts(200, 3, (input, index) =>
      index === 150 ? { ...input, codice: 'AB-123 45' } : input,
    );
    const { db, statements, planOf, close } = plans;
    try {
      for (const stato of [['disponibile'], ['venduto'], ['riservato', 'reso']] as const) {
        statements.length = 0;
        const found = await listMatchingSeqs(db, { q: 'ab12345', codeIs: 'ab12345', stato }, 100);
        expect(found, stato.join()).toEqual(stato[0] === 'disponibile' ? [151] : []);
        expect(planOf(statements[0]), stato.join()).toContain('parts_codice_key_idx');
      }
    } finally {
      await close();
      await t.close();
    }
  });
});

// A page past the count limit of a search read in both indexes (a word and a number): SQLite
// intersected every match in ascending order and sorted them all for the newest 20 (`pompa 207` at
// 10^6 parts: 17 ms), unless the order is asked inside the intersection, which it then merges
// newest first, stopping at the page (0.2 ms).
describe('the newest page of a search read in both indexes, on sqlite', () => {
  it('is merged newest first, with no sort of every match', async () => {
    const { t, plans } = await sqliteWithDemoParts(300, 5);
    const { db, statements, planOf, close } = plans;
    try {
      // In stock: one pair of indexes, read newest first, no sort. Every status: the other pair
      // too, each pair's page (five seqs) sorted for their merge; before, every match of each
      // pair was sorted too (four sorts).
      for (const [stato, sorts] of [
        [IN_STOCK_STATUSES, 0],
        [undefined, 2],
      ] as const) {
        statements.length = 0;
        const found = await searchSeqs(db, { q: 'smontato 20', stato }, 5, 10);
        expect(found, String(stato)).toEqual({ seqs: [300, 299, 298, 297, 296], count: 10, exact: false });
        const read = statements.find((statement) =>
          / intersect .* order by seq desc limit /s.test(statement.sql),
        );
        const plan = planOf(read).split('\n');
        expect(plan, String(stato)).toContain('MERGE (INTERSECT)');
        expect(
          plan.filter((line) => line === 'USE TEMP B-TREE FOR ORDER BY'),
          String(stato),
        ).toHaveLength(sorts);
      }
    } finally {
      await close();
      await t.close();
    }
  });
});
