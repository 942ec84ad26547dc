import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SQLITE_FILE_NAME } from '../../db/dialect.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import {
  describePhotos,
  describeRows,
  EXIT,
  loadCommandConfig,
  formatBytes,
  formatSeconds,
  openConfigured,
  type CommandIo,
} from './backup.command-support.js';
import { BackupError } from './backup.errors.js';
import { createBackup } from './backup.service.js';

const USAGE = `Uso: npm run backup -- --out <archivio.tar.gz>
Scrive in un solo archivio il database e tutte le foto, con un manifesto (conteggi, checksum,
versione dello schema). Si può eseguire con l'app in funzione: l'archivio è un'istantanea coerente.
Il database e le foto sono quelli della configurazione (DATA_DIR o DATABASE_URL); un percorso
relativo parte dalla cartella del progetto. Un archivio con lo stesso nome viene sostituito solo
quando il nuovo è completo.
L'archivio contiene gli hash delle password: conservalo in un posto protetto. Le sessioni non ne
fanno parte: dopo un ripristino si accede di nuovo. Si ripristina con: npm run restore -- <archivio>
`;

/**
 * `npm run backup -- --out FILE`: one archive of the configured database and photos. Returns the
 * exit code: 0 written, 1 failed (or written with photos missing from the storage), 2 usage.
 */
export async function backupCommand(io: CommandIo & { clock?: Clock }): Promise<number> {
  let values: { out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: io.argv,
      options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
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
  if (values.out === undefined || values.out.trim() === '') {
    io.stderr.write(`Indica dove scrivere l'archivio con --out.\n${USAGE}`);
    return EXIT.usage;
  }
  const out = path.resolve(values.out);
  if (!fs.existsSync(path.dirname(out))) {
    io.stderr.write(`La cartella ${path.dirname(out)} non esiste: nessun backup scritto.\n`);
    return EXIT.failure;
  }
  if (fs.statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
    io.stderr.write(`${out} è una cartella: indica con --out il nome del file da scrivere.\n`);
    return EXIT.failure;
  }

  const config = loadCommandConfig(io);
  if (!config) return EXIT.failure;
  // Opening a missing SQLite file would create an empty database: say so instead.
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, SQLITE_FILE_NAME))) {
    io.stderr.write(
      `Nessun database da salvare in ${config.dataDir} (manca ${SQLITE_FILE_NAME}): controlla DATA_DIR o DATABASE_URL.\n`,
    );
    return EXIT.failure;
  }

  const stores = await openConfigured(config);
  const { handle, storage } = stores;
  try {
    const summary = await createBackup(
      { handle, dataDir: config.dataDir, storage },
      {
        out,
        clock: io.clock ?? systemClock,
        onProgress: (message) => io.stdout.write(`${message}\n`),
      },
    );
    io.stdout.write(
      `Backup completato in ${formatSeconds(summary.ms)}: ${summary.file} (${formatBytes(summary.archiveBytes)}) — ` +
        `${describeRows(summary.tables)}, ${describePhotos(summary.photos, summary.photoBytes)}; ` +
        `database ${handle.describe}, schema ${summary.schemaVersion}.\n`,
    );
    if (summary.missingPhotos.length > 0) {
      io.stderr.write(
        `Attenzione: ${summary.missingPhotos.length} foto di immagini registrate nel database mancano dall'archivio delle foto, ` +
          `quindi anche dal backup (il resto è salvato). Ripeti il backup; se mancano ancora, sono andate perse:\n` +
          summary.missingPhotos.map((key) => `  - ${key}\n`).join(''),
      );
      return EXIT.failure;
    }
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BackupError) {
      io.stderr.write(`Backup non riuscito: ${error.message}\n`);
      return EXIT.failure;
    }
    throw error;
  } finally {
    await stores.close();
  }
}
