import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BinEmptyResult } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** DELETE /api/cestino: every part of the bin deleted for good; how many were. */
export function emptyBin(): Promise<BinEmptyResult> {
  return apiJson<BinEmptyResult>('/api/cestino', { method: 'DELETE' });
}

/** Empties the bin, then refreshes it and the activity. */
export function useEmptyBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyBin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
