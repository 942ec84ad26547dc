import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../../lib/api-client';
import { imports as t } from '../../../i18n/imports';
import type { ImportSummary } from '@magazzino/contract';
import { importKeys } from './query-keys';

export interface UploadOptions {
  /** Called with 0–100 as the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/importazioni (multipart, field `file`): stores the file and answers its columns, its
 * number of rows and the proposed mapping (201). XMLHttpRequest rather than fetch, because only
 * XHR reports upload progress, and a 20 MB sheet on a warehouse Wi-Fi takes a while.
 */
export function uploadImport(file: File, options: UploadOptions = {}): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/importazioni');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportSummary);
        } catch {
          reject(new ApiError(xhr.status, t.file.failed, undefined));
        }
        return;
      }
      // Same error reading as every other call (Italian message, code, 401 → sign-in).
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'text/plain' },
      });
      void toApiError(response).then(reject, reject);
    };
    xhr.onerror = () => reject(new ApiError(0, t.file.network, undefined));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
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
