import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** DELETE /api/cestino/:id: the part deleted for good (204). */
export async function purgePart(id: string): Promise<void> {
  await apiRequest(`/api/cestino/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a part of the bin for good, then refreshes the bin and the activity. */
export function usePurgePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgePart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
