import { describe, expect, it } from 'vitest';
import { PartInputSchema } from '@magazzino/contract';
import { partInput } from '../../../test/factories.js';
import { gramsFromKg, kgFromGrams, locationKey, toNewRow, toPart } from './parts.mapper.js';

describe('parts.mapper', () => {
  it('builds a location key from trimmed, case-folded segments that cannot run together', () => {
    const key = locationKey({ scaffale: ' A ', campata: '1', ripiano: 'Ü', cassetta: 'b' });
    expect(key).toBe(locationKey({ scaffale: 'a', campata: '1', ripiano: 'ü', cassetta: 'B' }));
    expect(locationKey({ scaffale: 'A1', campata: '', ripiano: 'x', cassetta: 'y' })).not.toBe(
      locationKey({ scaffale: 'A', campata: '1', ripiano: 'x', cassetta: 'y' }),
    );
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
    expect(row.search_norm).toContain(input.codice.toLowerCase());
    expect(row.codice_key).toBe(input.codice.toLowerCase().replace(/[^a-z0-9]/g, ''));
    const part = toPart({ ...row, version: 1, url_immagine: row.url_immagine ?? null });
    expect(part).toMatchObject({
      _id: 'id-1',
      nome: 'Faro È',
      peso: 1.5,
      urlImmagine: null,
      urlMiniatura: null,
    });
    expect(part.createdAt).toBe('2024-05-01T10:00:00.000Z');
  });
});
