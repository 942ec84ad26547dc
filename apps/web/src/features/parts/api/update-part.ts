import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part, PartPatch } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterChange } from './query-keys';
import type { VersionedPart } from './get-part';

export interface UpdatePartVariables {
  id: string;
  patch: PartPatch;
  /** ETag of the version the user edited: a stale one makes the server answer 412. */
  etag: string | null;
}

/** PATCH /api/componenti/modifica/:id with If-Match. */
export async function updatePart({ id, patch, etag }: UpdatePartVariables): Promise<VersionedPart> {
  const response = await apiRequest(`/api/componenti/modifica/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: patch,
    headers: etag === null ? {} : { 'if-match': etag },
  });
  return { part: (await response.json()) as Part, etag: response.headers.get('etag') };
}

/** Saves changes to a part and refreshes every list and count (the detail on its next visit). */
export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: (saved, { id }) => refreshAfterChange(queryClient, id, saved.part),
  });
}
