import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part, UploadResult } from '@magazzino/contract';
import { login, me } from '../../../test/accounts.js';
import {
  buildTestApp,
  sessionCookieOf,
  signIn,
  type Session,
  type TestApp,
  buildAppOn,
  testConfig,
} from '../../../test/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, uploadForm } from '../../../test/images.js';
import { appliedMigrations } from '../../db/backup-support.js';
import { systemClock } from '../../lib/clock.js';
import { MANIFEST_ENTRY, tableEntry, type Manifest } from './archive-format.js';
import { readArchive, readWhole } from './archive-reader.js';
import { ArchiveWriter } from './archive-writer.js';
import { openConfigured } from './backup.command-support.js';
import { BackupError } from './backup.errors.js';
import { createBackup } from './backup.service.js';
import { restoreBackup } from './restore.service.js';

// What a restore refuses, and that a refusal (or a failure half-way) leaves the target as it was.

const PASSWORD = 'password-di-prova';

/** Restores `archive` into `database` the way the command does. */
async function restoreInto(database: TestDatabase, archive: string, force = false) {
  const stores = await openConfigured(testConfig(database));
  try {
    return await restoreBackup(archive, stores, { force });
  } finally {
    await stores.close();
  }
}

interface Entry {
  name: string;
  data: Buffer;
}

/** Writes a copy of `archive` whose entries went through `edit` (a tampered archive). */
async function rewrite(archive: string, out: string, edit: (entries: Entry[]) => Entry[]): Promise<string> {
  const entries: Entry[] = [];
  for await (const entry of readArchive(archive)) {
    entries.push({ name: entry.name, data: await readWhole(entry, 1 << 30) });
  }
  const writer = await ArchiveWriter.create(out, new Date());
  for (const entry of edit(entries)) await writer.addBuffer(entry.name, entry.data);
  await writer.finish();
  return out;
}

/** The manifest of `entries`, changed by `change`. */
function withManifest(entries: Entry[], change: (manifest: Manifest) => void): Entry[] {
  return entries.map((entry) => {
    if (entry.name !== MANIFEST_ENTRY) return entry;
    const manifest = JSON.parse(entry.data.toString('utf8')) as Manifest;
    change(manifest);
    return { name: entry.name, data: Buffer.from(JSON.stringify(manifest)) };
  });
}

const PARTS_FILE = tableEntry('parts');

describe('restore refuses an archive it cannot trust', () => {
  let source: TestApp;
  let clerk: Session;
  let scratch: string;
  let archive: string;

  beforeAll(async () => {
    source = await buildTestApp('sqlite');
    clerk = await signIn(source.app);
    const photo = (
      await clerk.inject({
        method: 'POST',
        url: '/api/componenti/upload',
        payload: uploadForm(await imageOf('jpeg', { width: 120, height: 90 })),
      })
    ).json<UploadResult>();
    for (const nome of ['Faro', 'Pinza freno', 'Specchietto']) {
      const created = await clerk.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ nome, urlImmagine: photo.secure_url }),
      });
      expect(created.statusCode).toBe(201);
    }
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    archive = path.join(scratch, 'buono.tar.gz');
    const stores = await openConfigured(source.config);
    try {
      await createBackup(
        { handle: stores.handle, dataDir: source.config.dataDir, storage: stores.storage },
        { out: archive, clock: systemClock },
      );
    } finally {
      await stores.close();
    }
  });

  afterAll(async () => {
    await source.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const damaged: [string, () => Promise<string>, RegExp][] = [
    [
      'a byte flipped in a data file',
      () =>
        rewrite(archive, path.join(scratch, 'flip.tar.gz'), (entries) =>
          entries.map((entry) => {
            if (entry.name !== PARTS_FILE) return entry;
            const data = Buffer.from(entry.data);
            data[40] = (data[40] ?? 0) ^ 0x01;
            return { name: entry.name, data };
          }),
        ),
      /^Archivio danneggiato: il file db\/parts\.ndjson non corrisponde al manifesto \(checksum SHA-256 diverso\)\.$/,
    ],
    [
      'a gzip cut short',
      () => {
        const whole = fs.readFileSync(archive);
        const out = path.join(scratch, 'cut.tar.gz');
        fs.writeFileSync(out, whole.subarray(0, Math.floor(whole.length * 0.6)));
        return Promise.resolve(out);
      },
      /^Archivio danneggiato: il file compresso è troncato o alterato/,
    ],
    [
      'the last bytes of the gzip cut (its checksum)',
      () => {
        const whole = fs.readFileSync(archive);
        const out = path.join(scratch, 'cut-end.tar.gz');
        fs.writeFileSync(out, whole.subarray(0, whole.length - 4));
        return Promise.resolve(out);
      },
      /^Archivio danneggiato: il file compresso è troncato o alterato/,
    ],
    [
      'a tar cut short inside a whole gzip',
      () => {
        const tar = zlib.gunzipSync(fs.readFileSync(archive));
        const out = path.join(scratch, 'cut-tar.tar.gz');
        fs.writeFileSync(out, zlib.gzipSync(tar.subarray(0, 700)));
        return Promise.resolve(out);
      },
      /^Archivio danneggiato: .*troncato/,
    ],
    [
      'a manifest tampered with',
      () =>
        rewrite(archive, path.join(scratch, 'manifest.tar.gz'), (entries) =>
          withManifest(entries, (manifest) => {
            const parts = manifest.tables.find((table) => table.name === 'parts');
            if (parts) parts.rows += 1;
          }),
        ),
      /^Archivio danneggiato: il file db\/parts\.ndjson non corrisponde al manifesto \(3 righe, il manifesto ne dichiara 4\)\.$/,
    ],
    [
      'a photo missing',
      () =>
        rewrite(archive, path.join(scratch, 'no-photo.tar.gz'), (entries) =>
          entries.filter((entry) => !entry.name.endsWith('-thumb.webp')),
        ),
      /^Archivio danneggiato: manca il file media\/[a-f0-9]{64}-thumb\.webp, elencato nel manifesto\.$/,
    ],
    [
      'a file the manifest does not list',
      () =>
        rewrite(archive, path.join(scratch, 'extra.tar.gz'), (entries) => [
          { name: 'media/intruso.webp', data: Buffer.from('x') },
          ...entries,
        ]),
      /^Archivio non valido: il file media\/intruso\.webp non è elencato nel manifesto\.$/,
    ],
    [
      'an entry a backup never has',
      () =>
        rewrite(archive, path.join(scratch, 'escape.tar.gz'), (entries) => [
          { name: 'media/../../etc/cron.d/x', data: Buffer.from('x') },
          ...entries,
        ]),
      /^Archivio non valido: contiene "media\/\.\.\/\.\.\/etc\/cron\.d\/x"/,
    ],
    [
      'no manifest',
      () =>
        rewrite(archive, path.join(scratch, 'no-manifest.tar.gz'), (entries) =>
          entries.filter((entry) => entry.name !== MANIFEST_ENTRY),
        ),
      /^Archivio non valido: manca il manifesto/,
    ],
    [
      'a schema newer than this code',
      () =>
        rewrite(archive, path.join(scratch, 'future.tar.gz'), (entries) =>
          withManifest(entries, (manifest) => {
            manifest.schemaVersion = '999-futuro';
          }),
        ),
      /^L'archivio viene da una versione più recente di Magazzino Ricambi \(schema «999-futuro»/,
    ],
    [
      'a newer archive format',
      () =>
        rewrite(archive, path.join(scratch, 'format.tar.gz'), (entries) =>
          withManifest(entries, (manifest) => {
            manifest.formatVersion = 2;
          }),
        ),
      /^L'archivio è nel formato 2, più recente/,
    ],
    [
      'not an archive at all',
      () => {
        const out = path.join(scratch, 'note.txt');
        fs.writeFileSync(out, 'lista della spesa\n');
        return Promise.resolve(out);
      },
      /non è un archivio di backup di Magazzino Ricambi \(non è un file \.tar\.gz\)\.$/,
    ],
  ];

  it.each(damaged)('refuses %s, changing nothing', async (_case, make, message) => {
    const bad = await make();
    const target = await createTestDatabase('sqlite');
    try {
      const error = await restoreInto(target, bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as BackupError).message).toMatch(message);
      // Refused before the database was touched (not even its tables made) or a photo stored.
      const stores = await openConfigured(testConfig(target));
      try {
        expect(await appliedMigrations(stores.handle.db)).toEqual([]);
        const stored: string[] = [];
        for await (const object of stores.storage.list()) stored.push(object.key);
        expect(stored).toEqual([]);
      } finally {
        await stores.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('leaves the database as it was when a row fails on its way in', async () => {
    // Sound as an archive (checksums match) but one part twice: the insert fails half-way.
    const bad = await rewrite(archive, path.join(scratch, 'twice.tar.gz'), (entries) => {
      const parts = entries.find((entry) => entry.name === PARTS_FILE);
      if (!parts) throw new Error('no parts file');
      const firstLine = parts.data.subarray(0, parts.data.indexOf(0x0a) + 1);
      const data = Buffer.concat([parts.data, firstLine]);
      return withManifest(
        entries.map((entry) => (entry === parts ? { name: entry.name, data } : entry)),
        (manifest) => {
          const table = manifest.tables.find((candidate) => candidate.name === 'parts');
          if (!table) return;
          table.rows += 1;
          table.bytes = data.length;
          table.sha256 = createHash('sha256').update(data).digest('hex');
        },
      );
    });
    const target = await createTestDatabase('sqlite');
    try {
      await expect(restoreInto(target, bad)).rejects.toThrow();
      const app = await buildAppOn(target);
      try {
        // The users came before the parts in the same transaction: rolled back with them.
        expect((await login(app, clerk.user.email, PASSWORD)).statusCode).toBe(401);
        const session = await signIn(app);
        expect((await session.inject({ method: 'GET', url: '/api/componenti' })).json()).toEqual([]);
      } finally {
        await app.close();
      }
      // Run again with a sound archive, the restore completes (after the refusal above, the
      // target now has an account: --force).
      await restoreInto(target, archive, true);
    } finally {
      await target.drop();
    }
  });
});

describe.each(DIALECTS)('restore onto a %s database that holds data', (dialect) => {
  let source: TestApp;
  let archive: string;
  let scratch: string;
  let sourceParts: Part[];
  let target: TestDatabase;
  let targetUser: Session;
  let targetPart: Part;

  beforeAll(async () => {
    source = await buildTestApp('sqlite');
    const clerk = await signIn(source.app);
    for (const nome of ['Alternatore', 'Motorino avviamento']) {
      await clerk.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ nome }),
      });
    }
    sourceParts = (await clerk.inject({ method: 'GET', url: '/api/componenti' })).json<Part[]>();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    archive = path.join(scratch, 'archivio.tar.gz');
    const stores = await openConfigured(source.config);
    try {
      await createBackup(
        { handle: stores.handle, dataDir: source.config.dataDir, storage: stores.storage },
        { out: archive, clock: systemClock },
      );
    } finally {
      await stores.close();
    }

    target = await createTestDatabase(dialect);
    const app = await buildAppOn(target);
    try {
      targetUser = await signIn(app);
      const created = await targetUser.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ nome: 'Già in magazzino' }),
      });
      targetPart = created.json<Part>();
    } finally {
      await app.close();
    }
  });

  afterAll(async () => {
    await target.drop();
    await source.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses without --force, and the data stays', async () => {
    await expect(restoreInto(target, archive)).rejects.toThrow(
      /^Il database non è vuoto \(1 utente, 2 eventi di sicurezza, 1 componente, 1 modifica\): usa --force per sovrascriverlo\./,
    );
    const app = await buildAppOn(target);
    try {
      const cookie = sessionCookieOf(await login(app, targetUser.user.email, PASSWORD));
      const list = await app.inject({ method: 'GET', url: '/api/componenti', headers: { cookie } });
      expect(list.json<Part[]>().map((part) => part._id)).toEqual([targetPart._id]);
    } finally {
      await app.close();
    }
  });

  it('replaces everything with --force: the old parts, accounts and sessions are gone', async () => {
    await restoreInto(target, archive, true);
    const app = await buildAppOn(target);
    try {
      expect((await me(app, targetUser.cookie)).statusCode).toBe(401);
      expect((await login(app, targetUser.user.email, PASSWORD)).statusCode).toBe(401);
      const session = await signIn(app);
      const list = await session.inject({ method: 'GET', url: '/api/componenti' });
      expect(list.json<Part[]>()).toEqual(sourceParts);
    } finally {
      await app.close();
    }
  });
});
