import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part, PartInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** POST /api/componenti/crea-componente; resolves once the server confirmed (201). */
export function createPart(input: PartInput): Promise<Part> {
  return apiJson<Part>('/api/componenti/crea-componente', { method: 'POST', json: input });
}

/** Creates a part and refreshes every list and count. */
export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
