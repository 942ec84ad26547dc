import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { ImportMapping, ImportPreview } from '@magazzino/contract';

export interface PreviewRequest {
  id: string;
  mappatura: ImportMapping;
}

/**
 * POST /api/importazioni/:id/anteprima: the first 20 rows read with this mapping, each with its
 * errors, and the counts over the whole file. Nothing is written to the parts.
 */
export function previewImport({ id, mappatura }: PreviewRequest): Promise<ImportPreview> {
  return apiJson<ImportPreview>(`/api/importazioni/${encodeURIComponent(id)}/anteprima`, {
    method: 'POST',
    json: { mappatura },
  });
}

/** The preview of a mapping (a mutation: it is asked for on demand, with the mapping of the moment). */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
