import sharp from 'sharp';
import type { UploadResult } from '@magazzino/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { newAccount } from './support/session.js';
import { startServer, type RunningServer } from './support/server.js';

/** A 12-megapixel noisy JPEG: slow enough to process that the upload is still in flight. */
async function largePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('the server process', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    server = await startServer();
    const account = newAccount();
    const signup = await fetch(`${server.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const form = new FormData();
    form.append(
      'my_file',
      new Blob([new Uint8Array(await largePhoto())], { type: 'image/jpeg' }),
      'foto.jpg',
    );
    const upload = fetch(`${server.url}/api/componenti/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });

    // Signal once the server has started on the upload (its log line says so), not before: a
    // signal sent earlier would find no request in flight.
    const running = server;
    const deadline = Date.now() + 30_000;
    while (!running.output().includes('/api/componenti/upload')) {
      if (Date.now() > deadline) {
        void upload.catch(() => undefined);
        throw new Error(`the upload never reached the server:\n${running.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const exitCode = running.signal('SIGTERM');

    const response = await upload;
    expect(response.status).toBe(201);
    const stored = (await response.json()) as UploadResult;
    expect(stored.secure_url).toMatch(/^\/media\/[^/]+\.webp$/);
    expect(await exitCode, running.output()).toBe(0);
    expect(running.output()).toContain('shutting down');
    // Once closed, nothing answers on the port any more.
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
  });
});
