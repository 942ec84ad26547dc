import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS, usePhotos } from './use-photos';

/** An XMLHttpRequest stand-in: answers like the upload route when told to. */
class FakeUpload {
  static all: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: FormData | undefined;
  aborted = false;
  open = vi.fn();
  setRequestHeader = vi.fn();
  getResponseHeader = () => 'application/json';
  constructor() {
    FakeUpload.all.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData) {
    this.sent = body;
  }
  stored(name: string) {
    this.status = 201;
    this.responseText = JSON.stringify({
      secure_url: `/media/${name}.webp`,
      thumbnail_url: `/media/${name}-thumb.webp`,
    });
    this.onload?.();
  }
}

const jpeg = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

/** Waits until `n` uploads have started. */
async function started(n: number) {
  await waitFor(() => expect(FakeUpload.all).toHaveLength(n));
  return FakeUpload.all;
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  FakeUpload.all = [];
  vi.unstubAllGlobals();
});

describe('usePhotos', () => {
  it('starts from the stored photos, the first the cover', () => {
    const { result } = renderHook(() =>
      usePhotos(['/media/a.webp', '/media/b.webp'], ['/media/a-thumb.webp']),
    );
    expect(result.current.photos.map((photo) => [photo.status, photo.url, photo.thumb])).toEqual([
      ['ready', '/media/a.webp', '/media/a-thumb.webp'],
      // No thumbnail known: the display image stands in.
      ['ready', '/media/b.webp', '/media/b.webp'],
    ]);
    expect(result.current.room).toBe(MAX_PHOTOS - 2);
    expect(result.current.urls()).toEqual(['/media/a.webp', '/media/b.webp']);
  });

  it('uploads each file with its progress, and gives the stored URLs in order', async () => {
    const { result } = renderHook(() => usePhotos());
    act(() => result.current.add([jpeg('a.jpg'), jpeg('b.jpg')]));
    expect(result.current.uploading).toBe(true);
    const [a, b] = await started(2);
    expect(a?.sent?.get('my_file')).toBeInstanceOf(File);
    act(() => a?.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 } as ProgressEvent));
    expect(result.current.photos[0]?.progress).toBe(30);
    await act(() => Promise.resolve(b?.stored('b')));
    // Only what is stored counts.
    expect(result.current.urls()).toEqual(['/media/b.webp']);
    await act(() => Promise.resolve(a?.stored('a')));
    expect(result.current.uploading).toBe(false);
    expect(result.current.urls()).toEqual(['/media/a.webp', '/media/b.webp']);
    expect(result.current.thumbs()).toEqual(['/media/a-thumb.webp', '/media/b-thumb.webp']);
  });

  it(`keeps at most ${MAX_PHOTOS} photos`, async () => {
    const { result } = renderHook(() => usePhotos(['/media/x.webp']));
    act(() => result.current.add(Array.from({ length: 14 }, (_, i) => jpeg(`${i}.jpg`))));
    expect(result.current.photos).toHaveLength(MAX_PHOTOS);
    expect(result.current.room).toBe(0);
    await started(MAX_PHOTOS - 1);
  });

  it('moves a photo earlier, later and first, staying within the list', () => {
    const { result } = renderHook(() => usePhotos(['/media/a.webp', '/media/b.webp', '/media/c.webp']));
    const key = (url: string) => result.current.photos.find((photo) => photo.url === url)?.key ?? '';
    act(() => result.current.moveDown(key('/media/a.webp')));
    expect(result.current.urls()).toEqual(['/media/b.webp', '/media/a.webp', '/media/c.webp']);
    act(() => result.current.moveUp(key('/media/c.webp')));
    expect(result.current.urls()).toEqual(['/media/b.webp', '/media/c.webp', '/media/a.webp']);
    act(() => result.current.moveDown(key('/media/a.webp')));
    act(() => result.current.moveUp(key('/media/b.webp')));
    expect(result.current.urls()).toEqual(['/media/b.webp', '/media/c.webp', '/media/a.webp']);
    act(() => result.current.makeCover(key('/media/a.webp')));
    expect(result.current.urls()).toEqual(['/media/a.webp', '/media/b.webp', '/media/c.webp']);
  });

  it('settles once every upload is over, saying whether one failed; a retry sends the file again', async () => {
    const { result } = renderHook(() => usePhotos());
    act(() => result.current.add([jpeg('a.jpg'), jpeg('b.jpg')]));
    const [a, b] = await started(2);
    let outcome: { failed: boolean } | undefined;
    const settled = result.current.settled().then((value) => (outcome = value));
    act(() => a?.stored('a'));
    await Promise.resolve();
    expect(outcome).toBeUndefined();
    act(() => b?.onerror?.());
    await act(() => settled);
    expect(outcome).toEqual({ failed: true });
    const failed = result.current.photos[1];
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/Impossibile contattare il server/);

    act(() => result.current.retry(failed?.key ?? ''));
    const [, , again] = await started(3);
    act(() => again?.stored('b'));
    expect(await result.current.settled()).toEqual({ failed: false });
    expect(result.current.urls()).toEqual(['/media/a.webp', '/media/b.webp']);
  });

  it('cancels the upload of a photo removed, and of every photo on replace', async () => {
    const { result } = renderHook(() => usePhotos());
    act(() => result.current.add([jpeg('a.jpg'), jpeg('b.jpg')]));
    const [a, b] = await started(2);
    act(() => result.current.remove(result.current.photos[0]?.key ?? ''));
    expect(a?.aborted).toBe(true);
    expect(result.current.photos.map((photo) => photo.name)).toEqual(['b.jpg']);
    act(() => result.current.replace(['/media/z.webp'], ['/media/z-thumb.webp']));
    expect(b?.aborted).toBe(true);
    expect(result.current.uploading).toBe(false);
    expect(result.current.urls()).toEqual(['/media/z.webp']);
    expect(await result.current.settled()).toEqual({ failed: false });
  });
});
