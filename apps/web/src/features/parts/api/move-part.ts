import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BinAddress, Part } from '@magazzino/contract';
import { ApiError } from '../../../lib/api-client';
import { partKeys } from './query-keys';
import { updatePart } from './update-part';

export interface MovePartVariables {
  part: Part;
  /** The bin it goes to. */
  to: BinAddress;
  /** ETag of the version shown: a stale one makes the server answer 412. */
  etag: string | null;
}

/**
 * 'Sposta': PATCH /api/componenti/modifica/:id with the four segments of the new bin and If-Match,
 * an edit like any other (the history records it). The answer becomes the part's cached version, so
 * its page shows the new place at once; every list, count and its history are asked for again. A
 * part changed meanwhile (412) is read again, so the clerk sees it as it is now.
 */
export function useMovePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ part, to, etag }: MovePartVariables) =>
      updatePart({
        id: part._id,
        patch: { scaffale: to.scaffale, campata: to.campata, ripiano: to.ripiano, cassetta: to.cassetta },
        etag,
      }),
    onSuccess: async (saved, { part }) => {
      queryClient.setQueryData(partKeys.detail(part._id), saved);
      await queryClient.invalidateQueries({
        queryKey: partKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== part._id,
      });
    },
    onError: async (error, { part }) => {
      if (error instanceof ApiError && error.status === 412) {
        await queryClient.invalidateQueries({ queryKey: partKeys.detail(part._id) });
      }
    },
  });
}
