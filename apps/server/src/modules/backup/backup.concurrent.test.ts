import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryCount, Part, UploadResult } from '@magazzino/contract';
import { login } from '../../../test/accounts.js';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { createTestDatabase, DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, uploadForm } from '../../../test/images.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { systemClock } from '../../lib/clock.js';
import type { Manifest } from './archive-format.js';
import { verifyArchive } from './archive-verify.js';
import { openConfigured } from './backup.command-support.js';
import { createBackup } from './backup.service.js';
import { restoreBackup } from './restore.service.js';

// A backup taken while a clerk keeps registering parts (with photos, some of them new uploads):
// whatever was acknowledged before the backup started is in it, and what it holds is one
// consistent state, every photo its rows name included.

const PASSWORD = 'password-di-prova';

/** Resolves once `check` holds, polling. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.each(DIALECTS)('a backup taken on %s while parts are being registered', (dialect) => {
  let source: TestApp;
  let clerk: Session;
  let scratch: string;
  let archive: string;
  let manifest: Manifest;
  /** Parts whose creation was answered 201 before the backup was asked for. */
  let acknowledgedBefore: Part[];
  /** How many were answered while the backup ran. */
  let acknowledgedDuring: number;

  beforeAll(async () => {
    source = await buildTestApp(dialect);
    clerk = await signIn(source.app);
    const upload = async (width: number) =>
      (
        await clerk.inject({
          method: 'POST',
          url: '/api/componenti/upload',
          payload: uploadForm(await imageOf('png', { width, height: 60, noise: 0 })),
        })
      ).json<UploadResult>().secure_url;
    const photos = [await upload(80), await upload(81)];

    const acknowledged: Part[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i += 1) {
        // Every fourth part brings a photo never uploaded before: its image row may be newer
        // than the backup's first look at the images.
        const urlImmagine = i % 4 === 3 ? await upload(100 + i) : photos[i % photos.length];
        const response = await clerk.inject({
          method: 'POST',
          url: '/api/componenti/crea-componente',
          payload: partInput({
            nome: `Ricambio ${i}`,
            categoria: i % 3 === 0 ? 'Freni' : 'Motore',
            urlImmagine,
          }),
        });
        if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}`);
        acknowledged.push(response.json<Part>());
      }
    })();
    await until(() => acknowledged.length >= 20);

    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    archive = path.join(scratch, 'durante.tar.gz');
    acknowledgedBefore = [...acknowledged];
    const stores = await openConfigured(source.config);
    try {
      const summary = await createBackup(
        { handle: stores.handle, dataDir: source.config.dataDir, storage: source.app.media.storage },
        { out: archive, clock: systemClock },
      );
      expect(summary.missingPhotos).toEqual([]);
    } finally {
      await stores.close();
    }
    acknowledgedDuring = acknowledged.length - acknowledgedBefore.length;
    stop = true;
    await writer;
    manifest = await verifyArchive(archive);
  });

  afterAll(async () => {
    await source.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('ran beside the writer', () => {
    expect(acknowledgedDuring).toBeGreaterThan(0);
    const parts = manifest.tables.find((table) => table.name === 'parts')?.rows ?? 0;
    expect(parts).toBeGreaterThanOrEqual(acknowledgedBefore.length);
  });

  it.each(DIALECTS)('restores onto a fresh %s every part acknowledged before, with its photo', async (to) => {
    const target = await createTestDatabase(to);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      WEB_DIST: `${target.dataDir}/no-web`,
    });
    const stores = await openConfigured(config);
    try {
      await restoreBackup(archive, stores, { force: false });
    } finally {
      await stores.close();
    }
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      const cookie = sessionCookieOf(await login(app, clerk.user.email, PASSWORD));
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

      for (const part of acknowledgedBefore) {
        expect((await get(`/api/componenti/${part._id}`)).json<Part>()).toEqual(part);
      }
      // One state, not a torn one: as many parts as the manifest says, counted alike by the
      // categories, and every photo a restored part names is there.
      const all = (await get('/api/componenti')).json<Part[]>();
      expect(all).toHaveLength(manifest.tables.find((table) => table.name === 'parts')?.rows ?? -1);
      const counts = (await get('/api/componenti/categorie')).json<CategoryCount[]>();
      expect(counts.reduce((sum, category) => sum + category.count, 0)).toBe(all.length);
      for (const url of new Set(all.flatMap((part) => [part.urlImmagine, part.urlMiniatura]))) {
        expect((await app.inject({ method: 'GET', url: url ?? '' })).statusCode, url ?? '').toBe(200);
      }
    } finally {
      await app.close();
      await target.drop();
    }
  });
});
