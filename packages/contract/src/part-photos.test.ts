import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.js';
import { PART_LIMITS } from './limits.js';
import { EXAMPLE_PART_INPUT, PartInputSchema, PartListQuerySchema, PartPatchSchema } from './part.js';

const photo = (n: number) => `/media/${'a'.repeat(63)}${n.toString(16)}.webp`;

function errorsOf(result: { success: boolean; error?: unknown }): Record<string, string> {
  if (result.success) throw new Error('expected the input to be refused');
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('a part’s photos (immagini)', () => {
  it('keeps the order given and reads an absolute URL as its path', () => {
    const parsed = PartInputSchema.parse({
      ...EXAMPLE_PART_INPUT,
      immagini: [photo(2), `https://magazzino.example.it${photo(1)}`],
    });
    expect(parsed.immagini).toEqual([photo(2), photo(1)]);
  });

  it('leaves immagini out when not given or null on creation, empties it with null in a patch', () => {
    expect(PartInputSchema.parse(EXAMPLE_PART_INPUT).immagini).toBeUndefined();
    expect(PartInputSchema.parse({ ...EXAMPLE_PART_INPUT, immagini: null }).immagini).toBeUndefined();
    expect(PartPatchSchema.parse({ immagini: null })).toEqual({ immagini: [] });
    expect(PartPatchSchema.parse({ nome: 'Faro' })).not.toHaveProperty('immagini');
  });

  it('refuses more than 12 photos, a repeated photo and a foreign image, naming immagini', () => {
    const many = Array.from({ length: PART_LIMITS.immaginiMax + 1 }, (_, n) => photo(n));
    expect(errorsOf(PartPatchSchema.safeParse({ immagini: many })).immagini).toBe(
      'Un componente può avere al massimo 12 foto',
    );
    expect(
      errorsOf(PartPatchSchema.safeParse({ immagini: [photo(1), `http://localhost${photo(1)}`] })).immagini,
    ).toBe('La stessa foto compare due volte');
    expect(errorsOf(PartPatchSchema.safeParse({ immagini: ['https://evil.example/x.png'] }))).toEqual({
      immagini: 'Le foto devono essere immagini caricate nel Magazzino (/media/...)',
    });
  });
});

describe('the ids filter', () => {
  it('reads comma-separated ids, blanks and repeats dropped', () => {
    expect(PartListQuerySchema.parse({ ids: ' a, b,,a ' }).ids).toEqual(['a', 'b']);
    expect(PartListQuerySchema.parse({ ids: '' }).ids).toBeUndefined();
    expect(PartListQuerySchema.parse({}).ids).toBeUndefined();
  });

  it('refuses more than 100 ids', () => {
    const ids = Array.from({ length: 101 }, (_, n) => `id${n}`).join(',');
    expect(errorsOf(PartListQuerySchema.safeParse({ ids })).ids).toBe(
      'Il filtro ids può indicare al massimo 100 componenti',
    );
  });
});
