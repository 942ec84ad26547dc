import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { vehicles as t } from '../../../i18n/vehicles';

/** The most photos a vehicle keeps (the contract's `immagini` holds at most 12). */
export const MAX_VEHICLE_PHOTOS = 12;

/** One photo of the form: on its way, refused, or stored (its URLs ready to save). */
export interface VehiclePhoto {
  /** Stable while the photo is in the list (React key, and how the buttons name it). */
  key: string;
  status: 'uploading' | 'failed' | 'ready';
  /** The stored display image (`/media/...webp`), once ready. */
  url: string | null;
  /** Its thumbnail, for the form's grid (the display image when none is known). */
  thumb: string | null;
  /** The file chosen, kept for a retry (null for a photo already stored). */
  file: File | null;
  name: string;
  /** 0–100 while uploading. */
  progress: number;
  /** Why the upload failed. */
  error: string | null;
}

export interface VehiclePhotos {
  photos: VehiclePhoto[];
  /** How many more may be chosen. */
  room: number;
  /** Starts uploading the files chosen (as many as there is room for), each at once. */
  add: (files: readonly File[]) => void;
  retry: (key: string) => void;
  /** Drops a photo (cancelling its upload). */
  remove: (key: string) => void;
  /** Moves a photo first: the cover. */
  makeCover: (key: string) => void;
  /** The stored photos' URLs, in order: what `immagini` gets. */
  urls: () => string[];
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

/** The photos a vehicle already has, as the form starts with them. */
function storedPhotos(urls: readonly string[], thumbs: readonly string[]): VehiclePhoto[] {
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

/**
 * The photos of a vehicle form, in order (the first is the cover). Each file chosen is uploaded
 * straight away with the part form's upload (POST /api/componenti/upload), several at once; a
 * save waits for those on their way and refuses to go while one has failed.
 */
export function useVehiclePhotos(initialUrls: readonly string[] = [], initialThumbs: readonly string[] = []) {
  const [photos, setPhotos] = useState<VehiclePhoto[]>(() => storedPhotos(initialUrls, initialThumbs));
  // A mirror for `urls` and `settled`, which run after renders they cannot see.
  const latest = useRef(photos);
  const inFlight = useRef(new Map<string, { controller: AbortController; task: Promise<void> }>());

  const update = useCallback((change: (current: VehiclePhoto[]) => VehiclePhoto[]) => {
    latest.current = change(latest.current);
    setPhotos(latest.current);
  }, []);
  const patch = useCallback(
    (key: string, changes: Partial<VehiclePhoto>) =>
      update((current) => current.map((photo) => (photo.key === key ? { ...photo, ...changes } : photo))),
    [update],
  );

  const send = useCallback(
    (key: string, file: File) => {
      inFlight.current.get(key)?.controller.abort();
      const controller = new AbortController();
      const mine = () => inFlight.current.get(key)?.controller === controller;
      patch(key, { status: 'uploading', progress: 0, error: null });
      const task = uploadImage(file, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (mine()) patch(key, { progress });
        },
      }).then(
        (result) => {
          if (!mine()) return;
          inFlight.current.delete(key);
          patch(key, { status: 'ready', url: result.secure_url, thumb: result.thumbnail_url, progress: 100 });
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

  useEffect(() => {
    const uploads = inFlight.current;
    return () => {
      for (const { controller } of uploads.values()) controller.abort();
      uploads.clear();
    };
  }, []);

  const add = (files: readonly File[]) => {
    const room = MAX_VEHICLE_PHOTOS - latest.current.length;
    const chosen = files.slice(0, Math.max(0, room)).map((file) => ({ key: nextKey(), file }));
    update((current) => [
      ...current,
      ...chosen.map(({ key, file }) => ({
        key,
        status: 'uploading' as const,
        url: null,
        thumb: null,
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
    room: MAX_VEHICLE_PHOTOS - photos.length,
    add,
    retry: (key: string) => {
      const file = latest.current.find((photo) => photo.key === key)?.file;
      if (file) send(key, file);
    },
    remove: (key: string) => {
      inFlight.current.get(key)?.controller.abort();
      inFlight.current.delete(key);
      update((current) => current.filter((photo) => photo.key !== key));
    },
    makeCover: (key: string) =>
      update((current) => {
        const photo = current.find((item) => item.key === key);
        return photo ? [photo, ...current.filter((item) => item.key !== key)] : current;
      }),
    urls: () => latest.current.flatMap((photo) => (photo.status === 'ready' && photo.url ? [photo.url] : [])),
    uploading: photos.some((photo) => photo.status === 'uploading'),
    settled: async () => {
      // A photo chosen while waiting is waited for too.
      while (inFlight.current.size > 0) await Promise.all([...inFlight.current.values()].map((u) => u.task));
      return { failed: latest.current.some((photo) => photo.status === 'failed') };
    },
  } satisfies VehiclePhotos;
}
