import { z } from 'zod';
import { requiredText } from './common.js';
import { LIMITS } from './limits.js';

/**
 * Renaming a category, or merging it into another (docs/product.md, "Categories"): every part of
 * `da` moves to `a`. When `a` names a category already in use (ignoring case and accents), the
 * parts join it under its spelling: that is a merge.
 */
export const CategoryRenameInputSchema = z
  .object({
    da: requiredText('La categoria da rinominare', LIMITS.shortTextMax, true).describe(
      'Categoria attuale, scritta esattamente come nell’elenco delle categorie',
    ),
    a: requiredText('Il nuovo nome', LIMITS.shortTextMax).describe(
      'Nuovo nome; se è una categoria esistente (senza badare a maiuscole e accenti) le due si uniscono',
    ),
  })
  .meta({ id: 'CategoryRenameInput' });
export type CategoryRenameInput = z.infer<typeof CategoryRenameInputSchema>;

export const CategoryRenameResultSchema = z
  .object({
    categoria: z.string().describe('Il nome con cui la categoria resta'),
    spostati: z.number().int().describe('Componenti passati alla nuova categoria'),
    count: z.number().int().describe('Componenti della categoria dopo la modifica'),
    unite: z.boolean().describe('true quando la categoria è stata unita a una già esistente'),
  })
  .meta({ id: 'CategoryRenameResult' });
export type CategoryRenameResult = z.infer<typeof CategoryRenameResultSchema>;
