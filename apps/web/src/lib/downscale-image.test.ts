import { afterEach, describe, expect, it, vi } from 'vitest';
import { downscaleImage, renamedFor, scaleFor } from './downscale-image';

/** A photo of `bytes` bytes (its content is never decoded: the browser's decoder is stood in). */
const photo = (bytes: number, name = 'IMG_0001.HEIC.jpg') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg', lastModified: 1 });

/**
 * The browser's decoder and canvas, standing in for what jsdom lacks: a bitmap of the given size,
 * and a canvas recording what is drawn and encoding it to `encodedBytes` bytes.
 */
function stubBrowser(width: number, height: number, encodedBytes = 300_000) {
  const decode = vi.fn((_file: Blob, _options?: ImageBitmapOptions) =>
    Promise.resolve({ width, height, close: vi.fn() } as unknown as ImageBitmap),
  );
  const drawn: { width: number; height: number; quality?: number; type?: string }[] = [];
  class FakeCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return {
        fillRect: vi.fn(),
        drawImage: (_image: unknown, _x: number, _y: number, w: number, h: number) =>
          drawn.push({ width: w, height: h }),
      };
    }
    convertToBlob({ type, quality }: { type: string; quality: number }) {
      Object.assign(drawn.at(-1) ?? {}, { type, quality });
      return Promise.resolve(new Blob([new Uint8Array(encodedBytes)], { type }));
    }
  }
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  return { decode, drawn };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scaleFor and renamedFor', () => {
  it('brings the longest side to the limit, never enlarges', () => {
    expect(scaleFor(4000, 3000, 2048)).toBeCloseTo(0.512);
    expect(scaleFor(3000, 4000, 2048)).toBeCloseTo(0.512);
    expect(scaleFor(2048, 1000, 2048)).toBe(1);
    expect(scaleFor(640, 480, 2048)).toBe(1);
  });

  it('keeps the name and gives it the extension of the new type', () => {
    expect(renamedFor('faro.png', 'image/jpeg')).toBe('faro.jpg');
    expect(renamedFor('IMG.0001.HEIC', 'image/webp')).toBe('IMG.0001.webp');
    expect(renamedFor('senza-estensione', 'image/jpeg')).toBe('senza-estensione.jpg');
  });
});

describe('downscaleImage', () => {
  it('sends a 12 MP photo as a 2048 px JPEG, upright as the camera meant it', async () => {
    const { decode, drawn } = stubBrowser(4000, 3000);
    const original = photo(6_000_000, 'faro.png');
    const smaller = await downscaleImage(original);
    expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 2048, height: 1536, type: 'image/jpeg', quality: 0.85 }]);
    expect(smaller).not.toBe(original);
    expect(smaller.name).toBe('faro.jpg');
    expect(smaller.type).toBe('image/jpeg');
    expect(smaller.size).toBe(300_000);
  });

  it('follows the options: another size, WebP', async () => {
    const { drawn } = stubBrowser(1000, 3000);
    const smaller = await downscaleImage(photo(4_000_000), {
      maxSide: 1200,
      type: 'image/webp',
      quality: 0.7,
    });
    expect(drawn).toEqual([{ width: 400, height: 1200, type: 'image/webp', quality: 0.7 }]);
    expect(smaller.name).toMatch(/\.webp$/);
  });

  it('leaves a photo that is already small, in pixels and in bytes, as it is', async () => {
    const { drawn } = stubBrowser(1600, 1200);
    const original = photo(400_000);
    expect(await downscaleImage(original)).toBe(original);
    expect(drawn).toEqual([]);
  });

  it('re-encodes a photo small in pixels but heavy in bytes', async () => {
    stubBrowser(2000, 1500, 500_000);
    const smaller = await downscaleImage(photo(3_000_000));
    expect(smaller.size).toBe(500_000);
  });

  it('keeps the original when the result would not be smaller', async () => {
    stubBrowser(4000, 3000, 2_000_000);
    const original = photo(1_500_000);
    expect(await downscaleImage(original)).toBe(original);
  });

  it('keeps the original when the browser cannot decode it (the server still checks it)', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    );
    const original = photo(100);
    expect(await downscaleImage(original)).toBe(original);
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await downscaleImage(original)).toBe(original);
  });
});
