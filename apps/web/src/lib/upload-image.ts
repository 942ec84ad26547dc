import type { UploadResult } from '@magazzino/contract';
import { ApiError, toApiError } from './api-client';
import { parts as t } from '../i18n/parts';

export interface UploadOptions {
  /** Called with 0–100 as the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/componenti/upload (multipart, field `my_file`): the photos of parts and of vehicles.
 * XMLHttpRequest rather than fetch, because only XHR reports upload progress for the progress bar.
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/componenti/upload');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadResult);
        } catch {
          reject(new ApiError(xhr.status, t.upload.failed, undefined));
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
    xhr.onerror = () => reject(new ApiError(0, t.networkError, undefined));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('my_file', file);
    xhr.send(body);
  });
}
