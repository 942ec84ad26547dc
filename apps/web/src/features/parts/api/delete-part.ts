import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterChange } from './query-keys';

/** DELETE /api/componenti/delete/:id; resolves only on the server's 204. */
export async function deletePart(id: string): Promise<void> {
  await apiRequest(`/api/componenti/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a part and refreshes every list and count. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_result, id) => refreshAfterChange(queryClient, id),
  });
}
