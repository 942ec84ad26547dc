import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadResult } from '@magazzino/contract';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { parts as t } from '../../../i18n/parts';

/**
 * Where the photo of a form stands: none chosen, being sent, refused or lost on the way, or
 * stored on the server (its URLs ready to save with the part).
 */
export type PhotoStatus = 'empty' | 'uploading' | 'failed' | 'ready';

interface PhotoState {
  status: PhotoStatus;
  /** The file the clerk chose (kept for a retry); null after a restore or a removal. */
  file: File | null;
  /** 0–100 while uploading. */
  progress: number;
  /** Why the last upload failed. */
  error: ApiError | null;
  /** The stored photo once the server answered. */
  result: UploadResult | null;
}

export interface PhotoUpload extends PhotoState {
  /** Starts sending `file` at once (a photo chosen is a photo meant to be kept). */
  choose: (file: File) => void;
  /** Sends the chosen file again after a failure. */
  retry: () => void;
  /** Forgets the photo (cancelling an upload in flight). */
  remove: () => void;
  /** Puts back a photo already stored (a restored draft). */
  restore: (result: UploadResult | null) => void;
  /** Resolves once no upload is in flight, with where the photo then stands. */
  settled: () => Promise<Pick<PhotoState, 'status' | 'result'>>;
}

const EMPTY_PHOTO: PhotoState = { status: 'empty', file: null, progress: 0, error: null, result: null };

/**
 * The photo of a part form. Choosing a file uploads it straight away with its progress: nothing
 * depends on remembering to press a second button, and a save can wait for a photo still on its
 * way (`settled`) or refuse to go without one that failed.
 */
export function usePhotoUpload(): PhotoUpload {
  const [state, setState] = useState<PhotoState>(EMPTY_PHOTO);
  // Mirrors of the state for `settled`, which resolves after renders it cannot see.
  const latest = useRef<PhotoState>(EMPTY_PHOTO);
  const inFlight = useRef<{ controller: AbortController; task: Promise<void> } | null>(null);

  const update = useCallback((next: PhotoState | ((current: PhotoState) => PhotoState)) => {
    latest.current = typeof next === 'function' ? next(latest.current) : next;
    setState(latest.current);
  }, []);

  const cancel = useCallback(() => {
    inFlight.current?.controller.abort();
    inFlight.current = null;
  }, []);

  const send = useCallback(
    (file: File) => {
      cancel();
      const controller = new AbortController();
      const current = () => inFlight.current?.controller === controller;
      update({ status: 'uploading', file, progress: 0, error: null, result: null });
      const task = uploadImage(file, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (current()) update((s) => ({ ...s, progress }));
        },
      }).then(
        (result) => {
          if (!current()) return; // replaced or removed meanwhile
          inFlight.current = null;
          update({ status: 'ready', file, progress: 100, error: null, result });
        },
        (error: unknown) => {
          if (!current()) return;
          inFlight.current = null;
          const failure = error instanceof ApiError ? error : new ApiError(0, t.networkError, undefined);
          update({ status: 'failed', file, progress: 0, error: failure, result: null });
        },
      );
      inFlight.current = { controller, task };
    },
    [cancel, update],
  );

  useEffect(() => cancel, [cancel]);

  const restore = useCallback(
    (result: UploadResult | null) => {
      cancel();
      update({ ...EMPTY_PHOTO, status: result ? 'ready' : 'empty', result });
    },
    [cancel, update],
  );

  return {
    ...state,
    choose: send,
    retry: () => {
      if (state.file) send(state.file);
    },
    remove: () => {
      cancel();
      update(EMPTY_PHOTO);
    },
    restore,
    settled: async () => {
      // A newer upload may start while waiting (the clerk picked another photo): wait for that too.
      while (inFlight.current) await inFlight.current.task;
      return { status: latest.current.status, result: latest.current.result };
    },
  };
}
