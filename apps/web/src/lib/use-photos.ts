import { useCallback, useEffect, useRef, useState } from 'react';
import { PART_LIMITS, VEHICLE_LIMITS } from '@magazzino/contract';
import { photos as t } from '../i18n/photos';
import { ApiError } from './api-client';
import { downscaleImage } from './downscale-image';
import { uploadImage } from './upload-image';

/** The most photos a part or a vehicle keeps (their contracts' `immagini`). */
export const MAX_PHOTOS = Math.min(PART_LIMITS.immaginiMax, VEHICLE_LIMITS.immaginiMax);

/** One photo of a form: on its way, refused, or stored (its URLs ready to save). */
export interface Photo {
  /** Stable while the photo is in the list (React key, and how the buttons find it again). */
  key: string;
  status: 'uploading' | 'failed' | 'ready';
  /** The stored display image (`/media/...webp`), once ready. */
  url: string | null;
  /** What the form's grid shows: the stored thumbnail, or the local picture while it uploads. */
  thumb: string | null;
  /** The file chosen, kept for a retry (null for a photo already stored). */
  file: File | null;
  name: string;
  /** 0–100 while uploading (0 while the photo is being made smaller). */
  progress: number;
  /** Why the upload failed. */
  error: string | null;
}

/** The photos of a form and what the form does with them. */
export interface Photos {
  photos: Photo[];
  /** How many more may be chosen. */
  room: number;
  /** Makes each file chosen smaller, then uploads it (as many as there is room for). */
  add: (files: readonly File[]) => void;
  retry: (key: string) => void;
  /** Drops a photo (cancelling its upload). */
  remove: (key: string) => void;
  /** Moves a photo first: the cover. */
  makeCover: (key: string) => void;
  /** Moves a photo one place earlier. */
  moveUp: (key: string) => void;
  /** Moves a photo one place later. */
  moveDown: (key: string) => void;
  /** Starts again from stored photos (a restored draft, a cleared form), cancelling any upload. */
  replace: (urls?: readonly string[], thumbs?: readonly string[]) => void;
  /** The stored photos' URLs, in order: what `immagini` gets. */
  urls: () => string[];
  /** Their thumbnails, same order (a draft keeps them to redraw the grid). */
  thumbs: () => string[];
  /** Whether any photo is still on its way. */
  uploading: boolean;
  /** Resolves once no upload is in flight, telling whether one of them failed. */
  settled: () => Promise<{ failed: boolean }>;
}

let counter = 0;
const nextKey = () => {
  counter += 1;
  return `foto-${counter}`;
};

/** The photos already stored, as the form starts with them. */
function storedPhotos(urls: readonly string[], thumbs: readonly string[]): Photo[] {
  return urls.map((url, index) => ({
    key: nextKey(),
    status: 'ready',
    url,
    thumb: thumbs[index] ?? url,
    file: null,
    name: url,
    progress: 100,
    error: null,
  }));
}

/** A local picture of `file` for the grid while it uploads; null where the browser has none. */
function localPicture(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function forget(picture: string | null) {
  if (picture?.startsWith('blob:')) URL.revokeObjectURL(picture);
}

/** `list` with the photo `key` moved to `to` (clamped to the list). */
function moved(list: Photo[], key: string, to: (from: number) => number): Photo[] {
  const from = list.findIndex((photo) => photo.key === key);
  if (from < 0) return list;
  const target = Math.max(0, Math.min(list.length - 1, to(from)));
  if (target === from) return list;
  const next = list.filter((photo) => photo.key !== key);
  next.splice(target, 0, list[from] as Photo);
  return next;
}

/**
 * The photos of a form (a part, a vehicle), in order: the first is the cover. Each file chosen is
 * made smaller in the browser (lib/downscale-image.ts: a 12 MP phone photo travels as a few
 * hundred KB), then uploaded at once (POST /api/componenti/upload) with its own progress; a
 * refused one can be retried. A save waits for those on their way (`settled`) and refuses to go
 * while one has failed (components/PhotoAlerts.tsx, usePhotoGate).
 */
export function usePhotos(
  initialUrls: readonly string[] = [],
  initialThumbs: readonly string[] = [],
): Photos {
  const [photos, setPhotos] = useState<Photo[]>(() => storedPhotos(initialUrls, initialThumbs));
  // A mirror for `urls` and `settled`, which run after renders they cannot see.
  const latest = useRef(photos);
  const inFlight = useRef(new Map<string, { controller: AbortController; task: Promise<void> }>());
  // Photos are made smaller one at a time: several 12 MP pictures decoded at once can exhaust a phone.
  const resizing = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback((change: (current: Photo[]) => Photo[]) => {
    const before = latest.current;
    latest.current = change(before);
    // Local pictures no longer shown are released.
    const shown = new Set(latest.current.map((photo) => photo.thumb));
    for (const photo of before) if (!shown.has(photo.thumb)) forget(photo.thumb);
    setPhotos(latest.current);
  }, []);
  const patch = useCallback(
    (key: string, changes: Partial<Photo>) =>
      update((current) => current.map((photo) => (photo.key === key ? { ...photo, ...changes } : photo))),
    [update],
  );

  const send = useCallback(
    (key: string, file: File) => {
      inFlight.current.get(key)?.controller.abort();
      const controller = new AbortController();
      const mine = () => inFlight.current.get(key)?.controller === controller;
      patch(key, { status: 'uploading', progress: 0, error: null });
      const smaller = resizing.current.then(() => downscaleImage(file));
      resizing.current = smaller.catch(() => undefined);
      const task = smaller
        .then((ready) => {
          if (controller.signal.aborted) throw new DOMException('Upload aborted', 'AbortError');
          if (mine() && ready !== file) patch(key, { file: ready });
          return uploadImage(ready, {
            signal: controller.signal,
            onProgress: (progress) => {
              if (mine()) patch(key, { progress });
            },
          });
        })
        .then(
          (result) => {
            if (!mine()) return;
            inFlight.current.delete(key);
            patch(key, {
              status: 'ready',
              url: result.secure_url,
              thumb: result.thumbnail_url,
              progress: 100,
            });
          },
          (error: unknown) => {
            if (!mine()) return;
            inFlight.current.delete(key);
            const message = error instanceof ApiError ? error.message : t.networkError;
            patch(key, { status: 'failed', progress: 0, error: message });
          },
        );
      inFlight.current.set(key, { controller, task });
    },
    [patch],
  );

  const cancelAll = useCallback(() => {
    for (const { controller } of inFlight.current.values()) controller.abort();
    inFlight.current.clear();
  }, []);

  useEffect(
    () => () => {
      cancelAll();
      for (const photo of latest.current) forget(photo.thumb);
    },
    [cancelAll],
  );

  const add = (files: readonly File[]) => {
    const room = MAX_PHOTOS - latest.current.length;
    const chosen = files.slice(0, Math.max(0, room)).map((file) => ({ key: nextKey(), file }));
    update((current) => [
      ...current,
      ...chosen.map(({ key, file }) => ({
        key,
        status: 'uploading' as const,
        url: null,
        thumb: localPicture(file),
        file,
        name: file.name,
        progress: 0,
        error: null,
      })),
    ]);
    for (const { key, file } of chosen) send(key, file);
  };

  return {
    photos,
    room: MAX_PHOTOS - photos.length,
    add,
    retry: (key) => {
      const file = latest.current.find((photo) => photo.key === key)?.file;
      if (file) send(key, file);
    },
    remove: (key) => {
      inFlight.current.get(key)?.controller.abort();
      inFlight.current.delete(key);
      update((current) => current.filter((photo) => photo.key !== key));
    },
    makeCover: (key) => update((current) => moved(current, key, () => 0)),
    moveUp: (key) => update((current) => moved(current, key, (from) => from - 1)),
    moveDown: (key) => update((current) => moved(current, key, (from) => from + 1)),
    replace: (urls = [], thumbs = []) => {
      cancelAll();
      update(() => storedPhotos(urls, thumbs));
    },
    urls: () => latest.current.flatMap((photo) => (photo.status === 'ready' && photo.url ? [photo.url] : [])),
    thumbs: () =>
      latest.current.flatMap((photo) =>
        photo.status === 'ready' && photo.url ? [photo.thumb ?? photo.url] : [],
      ),
    uploading: photos.some((photo) => photo.status === 'uploading'),
    settled: async () => {
      // A photo chosen while waiting is waited for too.
      while (inFlight.current.size > 0) await Promise.all([...inFlight.current.values()].map((u) => u.task));
      return { failed: latest.current.some((photo) => photo.status === 'failed') };
    },
  };
}
