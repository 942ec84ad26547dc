import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/app.js';
import { realisticPhoto, tempFileNames, uploadForm } from '../../test/images.js';

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

/**
 * A clerk's upload whose browser hangs up while the server still works on the photo, and a stop
 * asked for just then: the handler must finish (its image stored, its row written) before the
 * database closes, instead of meeting a closed database.
 */
describe('closing the app under a request whose client has gone', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.database.drop();
    t = undefined;
  });

  it('waits for its handler before closing the database', async () => {
    const lines: LogLine[] = [];
    t = await buildTestApp(
      'sqlite',
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
    );
    const { app } = t;
    const session = await signIn(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // The whole photo is received, then the browser hangs up while sharp works on it (a few
    // hundred milliseconds for 12 megapixels), and the stop comes right then.
    const photo = await realisticPhoto();
    const form = new Request('http://localhost/', { method: 'POST', body: uploadForm(photo) });
    const body = Buffer.from(await form.arrayBuffer());
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/componenti/upload',
      headers: {
        cookie: session.cookie,
        'content-type': form.headers.get('content-type') ?? '',
        'content-length': body.length,
      },
    });
    request.on('error', () => undefined);
    request.end(body);
    const scratch = path.join(t.database.dataDir, 'media', '.tmp');
    const received = () =>
      tempFileNames(t?.database.dataDir ?? '').some(
        (name) => fs.statSync(path.join(scratch, name), { throwIfNoEntry: false })?.size === photo.length,
      );
    const deadline = Date.now() + 20_000;
    while (!received()) {
      if (Date.now() > deadline) throw new Error('the photo never arrived whole');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    request.destroy();

    await app.close();
    // What the handler still had to do, it did before the close returned: its image is stored
    // (logged after its row is written), and nothing failed.
    expect(lines.filter((line) => line.level >= 50).map((line) => line.err?.message ?? line.msg)).toEqual([]);
    expect(lines.some((line) => line.msg === 'image stored')).toBe(true);
  }, 60_000);
});
