import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partEtag, type Part, type StatusChange } from '@magazzino/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { VersionedPart } from './get-part';
import { partKeys } from './query-keys';

export interface ChangeStatusVariables {
  part: Part;
  change: StatusChange;
  /** ETag of the version the clerk is looking at: a stale one makes the server answer 412. */
  etag: string | null;
}

/**
 * The ETag of a part as a list shows it (lists carry no ETag header per part): the contract's
 * partEtag, so a quick action on a row changes only the version the clerk saw.
 */
export const listedEtag = partEtag;

/** POST /api/componenti/stato/:id with If-Match: the part in its new status, with its new ETag. */
export async function changeStatus({ part, change, etag }: ChangeStatusVariables): Promise<VersionedPart> {
  const response = await apiRequest(`/api/componenti/stato/${encodeURIComponent(part._id)}`, {
    method: 'POST',
    json: change,
    headers: etag === null ? {} : { 'if-match': etag },
  });
  return { part: (await response.json()) as Part, etag: response.headers.get('etag') };
}

/**
 * Moves a part to another status. The answer becomes the part's cached version (a page showing it
 * updates at once, and its next save sends the new ETag); every list, count and history is asked
 * for again. A refused move (409: someone moved it meanwhile; 412: changed meanwhile) refreshes
 * them too, so the clerk sees where the part stands now.
 */
export function useChangeStatus() {
  const queryClient = useQueryClient();
  const refreshOthers = (id: string) =>
    queryClient.invalidateQueries({
      queryKey: partKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
    });
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: async (saved, { part }) => {
      queryClient.setQueryData(partKeys.detail(part._id), saved);
      await refreshOthers(part._id);
    },
    onError: async (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 412)) {
        await queryClient.invalidateQueries({ queryKey: partKeys.all });
      }
    },
  });
}
