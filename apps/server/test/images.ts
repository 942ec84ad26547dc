import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../src/app.js';

/** Test images, generated with sharp (or by hand where sharp refuses to make them). */

export type TestFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface ImageOptions {
  width?: number;
  height?: number;
  /** Gaussian noise strength: 0 for a flat colour, more for bigger, more photo-like files. */
  noise?: number;
}

function canvas({ width = 320, height = 200, noise = 40 }: ImageOptions): sharp.Sharp {
  return sharp({
    create:
      noise > 0
        ? {
            width,
            height,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 128, sigma: noise },
          }
        : { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
}

/** A real image of `format`. */
export async function imageOf(format: TestFormat, options: ImageOptions = {}): Promise<Buffer> {
  return canvas(options).toFormat(format).toBuffer();
}

/**
 * A camera-like JPEG: stored landscape with EXIF orientation 6 (display it rotated 90°), a camera
 * make, and a GPS position, as phones write them.
 */
export async function phoneJpeg(options: ImageOptions = {}): Promise<Buffer> {
  return canvas({ width: 400, height: 300, ...options })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Model: 'Magazzino 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 27/1 5000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '9/1 11/1 2000/100',
      },
    })
    .toBuffer();
}

/** True when an EXIF block holds a GPS directory (tag 0x8825, either byte order). */
export function exifHasGps(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

/**
 * A photo the size phones take (12 megapixels by default): shapes, soft blotches and sensor-like
 * grain, saved as a high-quality JPEG of a few megabytes. Takes a few seconds.
 */
export async function realisticPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#6b7c8f"/><stop offset="1" stop-color="#2d3a2a"/>
        </linearGradient>
        <radialGradient id="r"><stop offset="0" stop-color="#c0c4c8"/><stop offset="1" stop-color="#3a3f44"/></radialGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width * 0.48}" cy="${height / 2}" r="${height / 3}" fill="url(#r)"/>
      <rect x="${width * 0.15}" y="${height * 0.73}" width="${width * 0.7}" height="${height / 6}" fill="#8a5a2b"/>
      <circle cx="${width * 0.48}" cy="${height / 2}" r="${height / 10}" fill="#222"/>
    </svg>`,
  );
  const noise = (w: number, h: number, sigma: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    });
  const blotches = await noise(Math.round(width / 20), Math.round(height / 20), 70)
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await noise(width, height, 16).png({ compressionLevel: 0 }).toBuffer();
  return sharp(scene)
    .removeAlpha()
    .composite([
      { input: blotches, blend: 'soft-light' },
      { input: grain, blend: 'overlay' },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A decompression bomb: a valid black 1-bit PNG of 30000 × 30000 pixels (900 megapixels, about
 * 2.7 GB once decoded to RGB) that weighs only ~100 KB. Built by hand, streaming, in well under a second.
 */
export async function pixelBombPng(width = 30_000, height = 30_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + pixels
  const rowsPerBlock = 256;
  const block = Buffer.alloc(rowBytes * rowsPerBlock);
  const deflate = zlib.createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  for (let row = 0; row < height; row += rowsPerBlock) {
    const rows = Math.min(rowsPerBlock, height - row);
    if (!deflate.write(block.subarray(0, rows * rowBytes))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart form with one file, as a browser sends it. */
export function uploadForm(
  data: Buffer,
  { field = 'my_file', filename = 'foto.jpg', type = 'image/jpeg' } = {},
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

/** Keys of every stored image object, sorted (read through the storage port). */
export async function storedKeys(app: App): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.media.storage.list()) keys.push(object.key);
  return keys.sort();
}

/** Scratch files of the local storage (`DATA_DIR/media/.tmp`): empty once every upload is done. */
export function tempFileNames(dataDir: string): string[] {
  const dir = path.join(dataDir, 'media', '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
