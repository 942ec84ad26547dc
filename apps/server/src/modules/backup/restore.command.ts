import path from 'node:path';
import { parseArgs } from 'node:util';
import { keepDataPrivate } from '../../lib/private-files.js';
import type { Manifest } from './archive-format.js';
import { verifyArchive } from './archive-verify.js';
import {
  describePhotos,
  describeRows,
  EXIT,
  loadCommandConfig,
  formatSeconds,
  openConfigured,
  type CommandIo,
} from './backup.command-support.js';
import { BackupError } from './backup.errors.js';
import { restoreBackup } from './restore.service.js';

const USAGE = `Uso: npm run restore -- <archivio.tar.gz> [--force] [--check]
Controlla l'archivio scritto da npm run backup (manifesto, checksum, versione dello schema), poi lo
ripristina nel database e nella cartella delle foto della configurazione (DATA_DIR o DATABASE_URL).
Un backup fatto su SQLite si ripristina su PostgreSQL e viceversa.
  --force   sostituisce i dati di un database che ne contiene già (senza, il ripristino è rifiutato)
  --check   controlla soltanto l'archivio, senza ripristinare niente
Ferma l'app prima di ripristinare. Le sessioni non vengono ripristinate: dopo il ripristino
ognuno accede di nuovo con la sua password. Un ripristino interrotto non cambia il database:
si può ripetere.
`;

/** "backup del 2026-11-23T10:00:00.000Z da sqlite, schema 007-security". */
function describeOrigin(manifest: Manifest): string {
  return `backup del ${manifest.createdAt} da ${manifest.sourceDialect}, schema ${manifest.schemaVersion}`;
}

function missingPhotosWarning(manifest: Manifest): string {
  const missing = manifest.photos.missing;
  return missing.length === 0
    ? ''
    : `Attenzione: ${missing.length} foto mancavano già quando il backup è stato fatto; le immagini restano registrate senza foto:\n` +
        missing.map((key) => `  - ${key}\n`).join('');
}

/**
 * `npm run restore -- FILE [--force] [--check]`: verifies an archive and restores it into the
 * configured database and photo storage. Returns the exit code: 0 done (or, with --check, the
 * archive is sound), 1 refused or failed, 2 usage.
 */
export async function restoreCommand(io: CommandIo): Promise<number> {
  let values: { force?: boolean; check?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: io.argv,
      allowPositionals: true,
      options: {
        force: { type: 'boolean' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.stderr.write(
      `Opzione non valida: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
    return EXIT.usage;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return EXIT.ok;
  }
  const [archive, ...extra] = positionals;
  if (archive === undefined || extra.length > 0) {
    io.stderr.write(`Indica un solo archivio da ripristinare.\n${USAGE}`);
    return EXIT.usage;
  }
  const file = path.resolve(archive);

  try {
    if (values.check) {
      const started = performance.now();
      const manifest = await verifyArchive(file);
      io.stdout.write(
        `Archivio valido (${formatSeconds(performance.now() - started)}): ${describeRows(manifest.tables)}, ` +
          `${describePhotos(manifest.photos.count, manifest.photos.bytes)}; ${describeOrigin(manifest)}.\n`,
      );
      io.stderr.write(missingPhotosWarning(manifest));
      return EXIT.ok;
    }

    const config = loadCommandConfig(io);
    if (!config) return EXIT.failure;
    // What the restore writes (database file, photos) is readable by this user only, as the app keeps it.
    keepDataPrivate(config.dataDir);
    const stores = await openConfigured(config);
    const { handle, storage } = stores;
    try {
      const summary = await restoreBackup(
        file,
        { handle, storage },
        { force: values.force ?? false, onProgress: (message) => io.stdout.write(`${message}\n`) },
      );
      const upgraded = summary.upgradedThrough
        ? `, dati aggiornati allo schema ${summary.upgradedThrough}`
        : '';
      io.stdout.write(
        `Ripristino completato in ${formatSeconds(summary.ms)}: ${describeRows(summary.tables)}, ` +
          `${describePhotos(summary.photos, summary.photoBytes)} (${describeOrigin(summary.manifest)}${upgraded}) ` +
          `in ${handle.describe}.\n`,
      );
      io.stderr.write(missingPhotosWarning(summary.manifest));
      return EXIT.ok;
    } finally {
      await stores.close();
    }
  } catch (error) {
    if (error instanceof BackupError) {
      io.stderr.write(
        `${values.check ? 'Controllo non superato' : 'Ripristino non riuscito'}: ${error.message}\n`,
      );
      return EXIT.failure;
    }
    throw error;
  }
}
