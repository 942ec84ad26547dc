import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** POST /api/cestino/:id/ripristina: the part back in the warehouse, with its photo and history. */
export function restorePart(id: string): Promise<Part> {
  return apiJson<Part>(`/api/cestino/${encodeURIComponent(id)}/ripristina`, { method: 'POST' });
}

/** Restores a part from the bin, then refreshes the bin, every list, count and history. */
export function useRestorePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
