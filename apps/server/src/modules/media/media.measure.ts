import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn } from '../../../test/app.js';
import { realisticPhoto, uploadForm } from '../../../test/images.js';

/** The same picture with a JPEG comment after SOI: other bytes (another hash), same pixels. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

// A measurement, not part of `npm test`: `npm run bench:upload` generates a 12-megapixel photo
// and uploads it through a real port.
describe('upload of a 12-megapixel photo (measure)', () => {
  it('reports stored sizes and upload time', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const session = await signIn(t.app);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const photo = await realisticPhoto();

      const times: number[] = [];
      let result: UploadResult | undefined;
      for (let run = 0; run < 5; run += 1) {
        const body = uploadForm(withComment(photo, `run ${run}`));
        const started = performance.now();
        const response = await fetch(`${base}/api/componenti/upload`, {
          method: 'POST',
          body,
          headers: { cookie: session.cookie },
        });
        result = (await response.json()) as UploadResult;
        times.push(performance.now() - started);
        expect(response.status).toBe(201);
      }
      const thumbnail = await fetch(`${base}${result?.thumbnail_url ?? ''}`);
      const thumbnailBytes = (await thumbnail.arrayBuffer()).byteLength;

      // For comparison: the display image as AVIF instead of WebP.
      const avifStarted = performance.now();
      const avif = await sharp(photo)
        .rotate()
        .resize({ width: 1600, height: 1600, fit: 'inside' })
        .avif({ quality: 50 })
        .toBuffer();
      const avifMs = performance.now() - avifStarted;

      console.log(
        JSON.stringify(
          {
            source: { width: 4000, height: 3000, bytes: photo.length },
            display: { width: result?.width, height: result?.height, bytes: result?.bytes },
            thumbnailBytes,
            uploadMs: { median: Math.round(median(times)), all: times.map(Math.round) },
            avifDisplay: { bytes: avif.length, encodeMs: Math.round(avifMs) },
            rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
          },
          null,
          2,
        ),
      );
    } finally {
      await t.close();
    }
  }, 120_000);
});
