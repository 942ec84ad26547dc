import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { ImportMapping, ImportMode, ImportSummary } from '@magazzino/contract';
import { importKeys } from './query-keys';

export interface RunRequest {
  id: string;
  mappatura: ImportMapping;
  modalita: ImportMode;
}

/**
 * POST /api/importazioni/:id/esegui: starts the import in the background (202, `in_corso`); its
 * progress is then read with GET /api/importazioni/:id.
 */
export function runImport({ id, mappatura, modalita }: RunRequest): Promise<ImportSummary> {
  return apiJson<ImportSummary>(`/api/importazioni/${encodeURIComponent(id)}/esegui`, {
    method: 'POST',
    json: { mappatura, modalita },
  });
}

/** Starts an import; the page then shows (and polls) the summary the server answered. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: async (summary) => {
      queryClient.setQueryData(importKeys.detail(summary._id), summary);
      await queryClient.invalidateQueries({ queryKey: importKeys.lists, refetchType: 'none' });
    },
  });
}
