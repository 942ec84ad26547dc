import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn, type TestApp } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, uploadForm } from '../../../test/images.js';
import { KNOWN_MIGRATIONS } from '../../db/backup-support.js';
import { verifyArchive } from './archive-verify.js';
import { backupCommand } from './backup.command.js';
import { restoreCommand } from './restore.command.js';

// `npm run backup` and `npm run restore` as a user meets them: messages, summaries, exit codes.

/** A stream that keeps what is written to it. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function run(
  command: typeof backupCommand | typeof restoreCommand,
  argv: string[],
  env: Record<string, string | undefined> = {},
) {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await command({ argv, stdout, stderr, env: { LOG_LEVEL: 'silent', ...env } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('npm run backup and npm run restore', () => {
  let source: TestApp;
  let target: TestDatabase;
  let scratch: string;
  let archive: string;
  let photoKey: string;
  let sourceEnv: Record<string, string | undefined>;
  let targetEnv: Record<string, string | undefined>;

  beforeAll(async () => {
    source = await buildTestApp('sqlite');
    const clerk = await signIn(source.app);
    const photo = (
      await clerk.inject({
        method: 'POST',
        url: '/api/componenti/upload',
        payload: uploadForm(await imageOf('jpeg', { width: 160, height: 120 })),
      })
    ).json<UploadResult>();
    photoKey = path.basename(photo.thumbnail_url);
    await clerk.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ urlImmagine: photo.secure_url }),
    });
    target = await createTestDatabase('postgres');
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    archive = path.join(scratch, 'magazzino.tar.gz');
    sourceEnv = { DATA_DIR: source.config.dataDir };
    targetEnv = { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl };
  });

  afterAll(async () => {
    await source.close();
    await target.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('explains their usage and exit with 2 on a wrong one', async () => {
    const noOut = await run(backupCommand, []);
    expect(noOut).toMatchObject({ code: 2, stdout: '' });
    expect(noOut.stderr).toContain(
      "Indica dove scrivere l'archivio con --out.\nUso: npm run backup -- --out",
    );
    expect((await run(backupCommand, ['--formato', 'zip'])).code).toBe(2);
    expect((await run(restoreCommand, [])).stderr).toContain('Uso: npm run restore -- <archivio.tar.gz>');
    expect((await run(restoreCommand, ['a.tar.gz', 'b.tar.gz'])).code).toBe(2);
    const help = await run(restoreCommand, ['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('--force');
  });

  it('writes the archive with a summary line', async () => {
    const result = await run(backupCommand, ['--out', archive], sourceEnv);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, -1)).toEqual(['Copia delle foto…', 'Esportazione del database…']);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Backup completato in \\d+,\\d s: ${archive} \\([\\d,]+ kB\\) — 1 utente, 0 verifiche in due passaggi, 0 codici di recupero, 2 eventi di sicurezza, 1 immagine, 0 veicoli, 0 foto dei veicoli, 1 componente, ` +
          `0 compatibilità, 0 foto di componenti con più foto, 1 modifica, 0 componenti nel cestino, 0 foto di componenti con più foto nel cestino, 0 mappature di importazione, 2 foto \\([\\d,]+ kB\\); database .*magazzino\\.sqlite, schema ${KNOWN_MIGRATIONS.at(-1)}\\.$`,
      ),
    );
  });

  it('checks an archive without restoring it', async () => {
    const result = await run(restoreCommand, [archive, '--check']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(
      /^Archivio valido \(\d+,\d s\): 1 utente, 0 verifiche in due passaggi, 0 codici di recupero, 2 eventi di sicurezza, 1 immagine, 0 veicoli, 0 foto dei veicoli, 1 componente, 0 compatibilità, 0 foto di componenti con più foto, 1 modifica, 0 componenti nel cestino, 0 foto di componenti con più foto nel cestino, 0 mappature di importazione, 2 foto/,
    );
  });

  it('restores, then refuses to overwrite unless told to', async () => {
    const first = await run(restoreCommand, [archive], targetEnv);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(
      /Ripristino completato in \d+,\d s: 1 utente, 0 verifiche in due passaggi, 0 codici di recupero, 2 eventi di sicurezza, 1 immagine, 0 veicoli, 0 foto dei veicoli, 1 componente, 0 compatibilità, 0 foto di componenti con più foto, 1 modifica, 0 componenti nel cestino, 0 foto di componenti con più foto nel cestino, 0 mappature di importazione, 2 foto \([\d,]+ kB\) \(backup del .* da sqlite, schema .*\) in postgres:\/\/127\.0\.0\.1:5432\/magazzino_test_\w+\.\n$/,
    );
    const again = await run(restoreCommand, [archive], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      'Ripristino non riuscito: Il database non è vuoto (1 utente, 2 eventi di sicurezza, 1 immagine, 1 componente, 1 modifica): usa --force per sovrascriverlo. ' +
        "Tutti i suoi dati saranno sostituiti da quelli dell'archivio.\n",
    );
    expect((await run(restoreCommand, [archive, '--force'], targetEnv)).code).toBe(0);
  });

  it('refuses a damaged archive in one line, without a stack trace', async () => {
    const cut = path.join(scratch, 'tagliato.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 100));
    for (const argv of [[cut], [cut, '--check']]) {
      const result = await run(restoreCommand, argv, targetEnv);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^(Ripristino non riuscito|Controllo non superato): Archivio danneggiato: [^\n]+\n$/,
      );
    }
    expect((await run(restoreCommand, [path.join(scratch, 'nessuno.tar.gz')])).stderr).toMatch(
      /^Ripristino non riuscito: Il file .*nessuno\.tar\.gz non esiste\.\n$/,
    );
  });

  it('says when there is no database to back up, or no folder to write to', async () => {
    const empty = fs.mkdtempSync(path.join(scratch, 'vuoto-'));
    const none = await run(backupCommand, ['--out', path.join(scratch, 'x.tar.gz')], { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Nessun database da salvare in .*vuoto-\w+ \(manca magazzino\.sqlite\)/);
    expect(fs.existsSync(path.join(empty, 'magazzino.sqlite'))).toBe(false);
    const nowhere = await run(backupCommand, ['--out', path.join(scratch, 'no', 'x.tar.gz')], sourceEnv);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('non esiste: nessun backup scritto');
    const folder = await run(backupCommand, ['--out', scratch], sourceEnv);
    expect(folder).toMatchObject({
      code: 1,
      stderr: `${scratch} è una cartella: indica con --out il nome del file da scrivere.\n`,
    });
  });

  it('writes what it can when a photo is missing from the storage, and says which (exit 1)', async () => {
    await source.app.media.storage.delete(photoKey);
    const partial = path.join(scratch, 'senza-miniatura.tar.gz');
    const result = await run(backupCommand, ['--out', partial], sourceEnv);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Backup completato');
    expect(result.stderr).toContain(`mancano dall'archivio delle foto`);
    expect(result.stderr).toContain(`  - ${photoKey}\n`);
    expect((await verifyArchive(partial)).photos).toMatchObject({ count: 1, missing: [photoKey] });
    const restored = await run(restoreCommand, [partial, '--force'], targetEnv);
    expect(restored.code).toBe(0);
    expect(restored.stderr).toContain(`  - ${photoKey}\n`);
  });
});
