import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryRenameInput, CategoryRenameResult } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** POST /api/componenti/categorie/rinomina: every part of `da` moves to `a` (a merge when `a` exists). */
export function renameCategory(input: CategoryRenameInput): Promise<CategoryRenameResult> {
  return apiJson<CategoryRenameResult>('/api/componenti/categorie/rinomina', { method: 'POST', json: input });
}

/** Renames or merges a category, then refreshes every list, count and part (their category changed). */
export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
