import { describe, expect, it } from 'vitest';
import { PartInputSchema } from '@magazzino/contract';
import { partInput } from '../../../test/factories.js';
import {
  gramsFromKg,
  kgFromGrams,
  locationKey,
  locationRange,
  toNewRow,
  toPart,
  type PartColumns,
} from './parts.mapper.js';

describe('parts.mapper', () => {
  it('builds a location key from trimmed, case-folded segments that cannot run together', () => {
    const key = locationKey({ scaffale: ' A ', campata: '1', ripiano: 'Ü', cassetta: 'b' });
    expect(key).toBe(locationKey({ scaffale: 'a', campata: '1', ripiano: 'ü', cassetta: 'B' }));
    expect(locationKey({ scaffale: 'A1', campata: '', ripiano: 'x', cassetta: 'y' })).not.toBe(
      locationKey({ scaffale: 'A', campata: '1', ripiano: 'x', cassetta: 'y' }),
    );
  });

  it('gives the range of location keys under whole leading segments', () => {
    const range = locationRange([' G ', '2']);
    expect(range).toEqual({ from: 'g\u001f2\u001f', to: 'g\u001f2 ' });
    const inside = (key: string) => key >= range.from && key < range.to;
    const key = (scaffale: string, campata: string) =>
      locationKey({ scaffale, campata, ripiano: '1', cassetta: 'x' });
    expect(inside(key('g', '2'))).toBe(true);
    expect(inside(key('G', '2'))).toBe(true);
    expect(inside(key('g', '20'))).toBe(false);
    expect(inside(key('ga', '2'))).toBe(false);
    expect(inside(key('g', '1'))).toBe(false);
  });

  it('stores an empty optional field as NULL and searches it as empty text', () => {
    const input = PartInputSchema.parse(
      partInput({ codice: '', peso: null, descrizione: undefined, versione: ' ' }),
    );
    const row = toNewRow(input, 'id-2', '2024-05-01T10:00:00.000Z');
    expect(row).toMatchObject({
      codice: null,
      peso_grammi: null,
      descrizione: null,
      versione: null,
      codice_key: '',
    });
    expect(row.search_norm.split('\u001f')).toHaveLength(10);
    const part = toPart({
      ...(row as PartColumns),
      seq: 2,
      version: 1,
      url_immagine: null,
      image_count: null,
    });
    expect(part).toMatchObject({ codice: null, peso: null, descrizione: null, versione: null });
  });

  it('stores kilograms as exact grams and reads them back', () => {
    for (const kg of [0, 0.001, 1.005, 2.375, 12.5, 100000]) {
      expect(kgFromGrams(gramsFromKg(kg))).toBe(kg);
    }
    expect(gramsFromKg(1.005)).toBe(1005);
  });

  it('round-trips a part through its row, deriving the search columns', () => {
    const input = PartInputSchema.parse(partInput({ nome: 'Faro È', marca: 'CITROËN', urlImmagine: null }));
    const row = toNewRow(input, 'id-1', '2024-05-01T10:00:00.000Z');
    expect(row).toMatchObject({ nome_norm: 'faro e', marca_norm: 'citroen', peso_grammi: 1500, version: 1 });
    expect(row.search_norm).toContain('faro e');
    const codice = input.codice ?? '';
    expect(row.search_norm).toContain(codice.toLowerCase());
    expect(row.codice_key).toBe(codice.toLowerCase().replace(/[^a-z0-9]/g, ''));
    const part = toPart({
      ...(row as PartColumns),
      seq: 4213,
      version: 1,
      url_immagine: row.url_immagine ?? null,
      image_count: null,
    });
    expect(part).toMatchObject({
      _id: 'id-1',
      codiceRicambio: 'R-004213',
      nome: 'Faro È',
      peso: 1.5,
      urlImmagine: null,
      urlMiniatura: null,
      immagini: [],
      miniature: [],
    });
    expect(part.createdAt).toBe('2024-05-01T10:00:00.000Z');
  });
});
