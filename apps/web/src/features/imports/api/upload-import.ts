import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postFile, type UploadOptions } from '../../../lib/upload-image';
import { imports as t } from '../../../i18n/imports';
import type { ImportSummary } from '@magazzino/contract';
import { importKeys } from './query-keys';

/**
 * POST /api/importazioni (multipart, field `file`): stores the file and answers its columns, its
 * number of rows and the proposed mapping (201), with the upload's progress: a 20 MB sheet on a
 * warehouse Wi-Fi takes a while.
 */
export function uploadImport(file: File, options: UploadOptions = {}): Promise<ImportSummary> {
  return postFile<ImportSummary>(
    '/api/importazioni',
    'file',
    file,
    { failed: t.file.failed, network: t.file.network },
    options,
  );
}

/**
 * Sends a chosen file with its progress (0–100); `cancel` stops an upload in flight. The stored
 * import goes into the cache under its id, so the page shows its mapping without asking again.
 */
export function useUploadImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const inFlight = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setProgress(0);
      return uploadImport(file, { signal: controller.signal, onProgress: setProgress });
    },
    onSuccess: async (summary) => {
      queryClient.setQueryData(importKeys.detail(summary._id), summary);
      await queryClient.invalidateQueries({ queryKey: importKeys.lists, refetchType: 'none' });
    },
  });
  const { reset } = mutation;
  const cancel = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    reset();
  }, [reset]);
  // Leaving the page stops an upload nobody will look at.
  useEffect(() => () => inFlight.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
