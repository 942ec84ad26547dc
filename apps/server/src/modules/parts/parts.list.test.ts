import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_FIELDS, type Part, type SortField } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts, type SeededPart } from '../../../test/factories.js';
import { foldText } from '../../lib/text-fold.js';
import { gramsFromKg, locationKey } from './parts.mapper.js';

/** The catalogue under test: each part is told apart by its codice. */
const CATALOGUE = [
  {
    codice: 'P01',
    nome: 'Faro anteriore sinistro',
    marca: 'Fiat',
    modello: 'Punto',
    categoria: 'Illuminazione',
  },
  {
    codice: 'P02',
    nome: 'faro posteriore destro',
    marca: 'Fiat',
    modello: 'Panda',
    categoria: 'Illuminazione',
  },
  {
    codice: 'P03',
    nome: 'FARO fendinebbia',
    marca: 'Lancia',
    modello: 'Ypsilon',
    categoria: 'Illuminazione',
  },
  { codice: 'P04', nome: 'Disco freno', marca: 'Volkswagen', modello: 'Golf', categoria: 'Freni' },
  { codice: 'P05', nome: 'Pinza freno', marca: 'Volkswagen', modello: 'Polo', categoria: 'freni' },
  {
    codice: 'P06',
    nome: 'Pastiglie freno',
    marca: 'Renault',
    modello: 'Clio',
    categoria: 'Freni posteriori',
  },
  { codice: 'P07', nome: 'Sconto 50%', marca: 'Ford', modello: 'Fiesta', categoria: 'Interni' },
  { codice: 'P08', nome: 'Sconto 500', marca: 'Ford', modello: 'Fiesta', categoria: 'Interni' },
  { codice: 'P09', nome: 'Leva A_B', marca: 'Opel', modello: 'Corsa', categoria: 'Interni' },
  { codice: 'P10', nome: 'Leva AxB', marca: 'Opel', modello: 'Corsa', categoria: 'Interni' },
  { codice: 'P11', nome: 'Staffa C\\D', marca: 'Toyota', modello: 'Yaris', categoria: 'Carrozzeria' },
  { codice: 'P12', nome: 'Staffa CD', marca: 'Toyota', modello: 'Yaris', categoria: 'Carrozzeria' },
  {
    codice: 'P13',
    nome: 'Però usato',
    marca: 'Citroën',
    modello: 'C3',
    categoria: 'Carrozzeria',
    descrizione: 'Èlite 🚗',
  },
  { codice: 'P14', nome: 'PERÒ nuovo', marca: 'CITROËN', modello: 'C4', categoria: 'Carrozzeria' },
  {
    codice: 'P15',
    nome: 'Cofano',
    marca: 'Alfa Romeo',
    modello: '147',
    categoria: 'Carrozzeria',
    descrizione: 'Verniciato rosso, è perfetto',
  },
  {
    codice: 'P16',
    nome: 'Centralina',
    marca: 'Peugeot',
    modello: '208',
    categoria: 'Elettronica',
    descrizione: 'ECU Bosch',
    scaffale: 'Zeta',
  },
];
const CONDITIONS = ['Ottima', 'Buona', 'discreta', 'Da revisionare'];
const SHELVES = ['A', 'b', 'C', 'a'];

/**
 * Sort key of a seeded part for a field, mirroring what the API promises: an empty optional field
 * sorts before every value ('' for text, -1 for a weight).
 */
function sortKey(part: SeededPart, field: SortField): string | number {
  const input = part.input;
  switch (field) {
    case 'nome':
    case 'marca':
    case 'modello':
      return foldText(input[field]);
    case 'peso':
      return input.peso === null ? -1 : gramsFromKg(input.peso);
    case 'prezzo':
      return input.prezzo === null ? -1 : Math.round(input.prezzo * 100);
    case 'stato':
      // Every seeded part is disponibile: the order is then the registration's.
      return 'disponibile';
    case 'ubicazione':
      return locationKey(input);
    case 'createdAt':
    case 'updatedAt':
      return part.createdAt;
    default:
      return input[field] ?? '';
  }
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe.each(DIALECTS)('GET /api/componenti on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  let seeded: SeededPart[];
  const list = async (query: string) => {
    const res = await session.inject({ method: 'GET', url: `/api/componenti${query}` });
    return { res, parts: res.statusCode === 200 ? res.json<Part[]>() : [] };
  };
  const codes = async (query: string) => (await list(query)).parts.map((p) => p.codice).sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    seeded = await seedParts(t.app.db, CATALOGUE.length, (i) => ({
      ...CATALOGUE[i],
      condizione: CONDITIONS[i % CONDITIONS.length],
      // Some weights and versions left empty: they sort first ascending, last descending.
      peso: i % 5 === 2 ? null : ((i * 37) % 11) + 0.25,
      versione: i % 4 === 3 ? null : `${(i * 5) % 3}.${i % 4}`,
      annoImmatricolazione: String(1995 + ((i * 7) % 25)),
      scaffale: CATALOGUE[i]?.scaffale ?? SHELVES[i % SHELVES.length],
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('paging', () => {
    it('gives a page and the total in X-Total-Count, newest first by default', async () => {
      const { res, parts } = await list('?limit=5');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(CATALOGUE.length));
      const newestFirst = [...seeded].reverse().map((p) => p.id);
      expect(parts.map((p) => p._id)).toEqual(newestFirst.slice(0, 5));
      const second = await list('?limit=5&offset=5');
      expect(second.parts.map((p) => p._id)).toEqual(newestFirst.slice(5, 10));
    });

    it('handles the edges: the last partial page, offset at and past the end', async () => {
      const total = CATALOGUE.length;
      const last = await list(`?limit=10&offset=${total - 2}`);
      expect(last.parts).toHaveLength(2);
      expect(last.res.headers['x-total-count']).toBe(String(total));
      const short = await list('?nome=faro&limit=10');
      expect(short.res.headers['x-total-count']).toBe('3');
      const none = await list('?nome=nessuno&limit=10');
      expect(none.res.headers['x-total-count']).toBe('0');
      for (const offset of [total, total + 50, 1_000_000]) {
        const { res, parts } = await list(`?limit=10&offset=${offset}`);
        expect(parts).toEqual([]);
        expect(res.headers['x-total-count']).toBe(String(total));
      }
      expect((await list('?limit=1&offset=0')).parts).toHaveLength(1);
      expect((await list('?limit=100')).parts).toHaveLength(total);
    });

    it.each([
      ['limit=0', 'limit', 'limit deve essere almeno 1'],
      ['limit=101', 'limit', 'limit può essere al massimo 100'],
      ['limit=-1', 'limit', 'limit deve essere un numero intero'],
      ['limit=abc', 'limit', 'limit deve essere un numero intero'],
      ['limit=1.5', 'limit', 'limit deve essere un numero intero'],
      ['offset=-1', 'offset', 'offset deve essere un numero intero'],
      ['offset=x', 'offset', 'offset deve essere un numero intero'],
      [
        'sort=password',
        'sort',
        "sort deve essere uno di: nome, categoria, codice, condizione, peso, prezzo, marca, modello, versione, annoImmatricolazione, scaffale, ubicazione, stato, createdAt, updatedAt (con '-' davanti per l'ordine decrescente)",
      ],
      [`nome=${'x'.repeat(201)}`, 'nome', 'Il filtro nome è troppo lungo'],
    ])('refuses %s with 400 naming the parameter', async (query, field, message) => {
      const { res } = await list(`?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ [field]: message });
    });
  });

  describe('sort', () => {
    const cases = SORT_FIELDS.flatMap(
      (field) =>
        [
          [field, false],
          [field, true],
        ] as const,
    );

    it.each(cases)('sorts by %s (descending: %s), ties broken by registration', async (field, descending) => {
      const expected = [...seeded]
        .sort((a, b) => compare(sortKey(a, field), sortKey(b, field)) || compare(a.id, b.id))
        .map((p) => p.id);
      if (descending) expected.reverse();
      const sort = `${descending ? '-' : ''}${field}`;
      expect((await list(`?limit=100&sort=${sort}`)).parts.map((p) => p._id)).toEqual(expected);
      // The streamed list keeps the same order.
      expect((await list(`?sort=${sort}`)).parts.map((p) => p._id)).toEqual(expected);
    });
  });

  describe('filters', () => {
    it('matches nome, marca and modello as case-insensitive substrings', async () => {
      expect(await codes('?nome=FARO')).toEqual(['P01', 'P02', 'P03']);
      expect(await codes('?nome=freno&limit=10')).toEqual(['P04', 'P05', 'P06']);
      expect(await codes('?marca=volks')).toEqual(['P04', 'P05']);
      expect(await codes('?modello=ypsILON')).toEqual(['P03']);
    });

    it('ANDs the filters, and the total counts only the matches', async () => {
      expect(await codes('?nome=faro&marca=fiat')).toEqual(['P01', 'P02']);
      expect(await codes('?nome=faro&marca=fiat&modello=panda')).toEqual(['P02']);
      expect(await codes('?nome=faro&marca=opel')).toEqual([]);
      const { res } = await list('?nome=faro&marca=fiat&limit=1');
      expect(res.headers['x-total-count']).toBe('2');
    });

    it('searches q over every text field of a part, the location included', async () => {
      expect(await codes('?q=fendinebbia')).toEqual(['P03']);
      expect(await codes('?q=p16')).toEqual(['P16']);
      expect(await codes('?q=ecu%20bosch')).toEqual(['P16']);
      expect(await codes('?q=elettronica')).toEqual(['P16']);
      expect(await codes('?q=alfa%20romeo')).toEqual(['P15']);
      expect(await codes('?q=147')).toEqual(['P15']);
      expect(await codes('?q=zeta')).toEqual(['P16']);
      expect(await codes('?q=freni&marca=renault')).toEqual(['P06']);
    });

    it('takes categoria exactly: case and extra words matter', async () => {
      expect(await codes('?categoria=Freni')).toEqual(['P04']);
      expect(await codes('?categoria=freni')).toEqual(['P05']);
      expect(await codes('?categoria=Freni%20posteriori')).toEqual(['P06']);
      expect(await codes('?categoria=Fren')).toEqual([]);
    });

    it('takes LIKE wildcards and backslashes in the input literally', async () => {
      expect(await codes('?nome=50%25')).toEqual(['P07']);
      expect(await codes('?q=50%25')).toEqual(['P07']);
      expect(await codes('?nome=a_b')).toEqual(['P09']);
      expect(await codes('?nome=%25')).toEqual(['P07']);
      expect(await codes('?nome=c%5Cd')).toEqual(['P11']);
      expect(await codes('?nome=_')).toEqual(['P09']);
    });

    it('folds the case of accented letters and finds emoji', async () => {
      expect(await codes('?nome=però')).toEqual(['P13', 'P14']);
      expect(await codes('?nome=PERÒ')).toEqual(['P13', 'P14']);
      expect(await codes('?marca=citroën')).toEqual(['P13', 'P14']);
      expect(await codes('?q=%C3%A8lite')).toEqual(['P13']);
      expect(await codes(`?q=${encodeURIComponent('È PERFETTO')}`)).toEqual(['P15']);
      expect(await codes(`?q=${encodeURIComponent('🚗')}`)).toEqual(['P13']);
    });

    it('ignores empty filters and unknown parameters', async () => {
      const { res, parts } = await list('?nome=&marca=%20%20&colore=rosso&limit=100');
      expect(res.statusCode).toBe(200);
      expect(parts).toHaveLength(CATALOGUE.length);
    });
  });
});
