import type { UploadResult } from '@magazzino/contract';
import { ApiError, toApiError } from './api-client';
import { parts as t } from '../i18n/parts';

export interface UploadOptions {
  /** Called with 0–100 as the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What an upload says when its answer cannot be read, and when the network fails. */
export interface UploadMessages {
  failed: string;
  network: string;
}

/**
 * POSTs `file` as multipart field `field` to `url` and resolves with the JSON answer. XMLHttpRequest
 * rather than fetch, because only XHR reports upload progress for the progress bars.
 */
export function postFile<T>(
  url: string,
  field: string,
  file: File,
  messages: UploadMessages,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, messages.failed, undefined));
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
    xhr.onerror = () => reject(new ApiError(0, messages.network, undefined));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(field, file);
    xhr.send(body);
  });
}

/** POST /api/componenti/upload (multipart, field `my_file`): the photos of parts and of vehicles. */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  return postFile<UploadResult>(
    '/api/componenti/upload',
    'my_file',
    file,
    { failed: t.upload.failed, network: t.networkError },
    options,
  );
}
