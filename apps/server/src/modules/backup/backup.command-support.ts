import { ConfigError, loadConfig, type Config } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import { systemClock } from '../../lib/clock.js';
import { createMediaService } from '../media/media.factory.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { copiedTable, countOf } from './backup-scope.js';
import { silentLog } from '../../lib/silent-log.js';

/** Where a command reads its arguments and writes; `env` defaults to process.env (through loadConfig). */
export interface CommandIo {
  argv: string[];
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: Record<string, string | undefined>;
}

/**
 * The configuration from the command's environment, or null once a bad variable has been reported
 * on stderr (the same message the server gives at start).
 */
export function loadCommandConfig(io: Pick<CommandIo, 'env' | 'stderr'>): Config | null {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return null;
  }
}

/** Exit codes of the commands. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** The configured database and photo storage, opened for a command. */
export interface ConfiguredStores {
  handle: DatabaseHandle;
  storage: MediaStorage;
  /** Closes both (the storage may hold an object store's connections open). */
  close(): Promise<void>;
}

/**
 * The configured database and photo storage, as the app opens them: the storage comes from the
 * media module's own factory, so whatever storage the configuration selects is the one copied.
 */
export async function openConfigured(config: Config): Promise<ConfiguredStores> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = (await createMediaService({ config, db: handle.db, clock: systemClock, log: silentLog }))
    .storage;
  return {
    handle,
    storage,
    close: async () => {
      storage.close?.();
      await handle.close();
    },
  };
}

const integers = new Intl.NumberFormat('it-IT');
const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "12,4 MB" (10^6 bytes, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} byte`;
  if (bytes < 1e6) return `${oneDecimal.format(bytes / 1e3)} kB`;
  if (bytes < 1e9) return `${oneDecimal.format(bytes / 1e6)} MB`;
  return `${oneDecimal.format(bytes / 1e9)} GB`;
}

/** "3,2 s". */
export function formatSeconds(ms: number): string {
  return `${oneDecimal.format(ms / 1000)} s`;
}

/** "100.000 componenti, 3 utenti, 12 immagini": the rows of the tables, settings left out. */
export function describeRows(tables: readonly { name: string; rows: number }[]): string {
  return tables
    .filter((table) => !copiedTable(table.name)?.seededByMigrations)
    .map((table) => countOf(table.name, table.rows))
    .join(', ');
}

/** "2.000 foto (45,1 MB)". */
export function describePhotos(count: number, bytes: number): string {
  return `${integers.format(count)} foto (${formatBytes(bytes)})`;
}
