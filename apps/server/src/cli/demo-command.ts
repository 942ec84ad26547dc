import os from 'node:os';
import { parseArgs } from 'node:util';
import pLimit from 'p-limit';
import { PartInputSchema } from '@magazzino/contract';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/dialect.js';
import { migrateDatabase } from '../db/migrate.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createMediaService, mediaFolder } from '../modules/media/media.factory.js';
import type { MediaService } from '../modules/media/media.service.js';
import { PartsService } from '../modules/parts/parts.service.js';
import { chooseDemoPhotos, generateDemoParts } from './demo-data.js';
import { DemoPhotoRenderer, type DemoPhoto } from './demo-photos.js';
import { silentLog } from '../lib/silent-log.js';

/** How many parts the demo loads unless told otherwise. */
export const DEMO_COUNT = 300;

/** Spacing of the demo parts' creation times, so "newest first" looks like a working week. */
const MINUTES_BETWEEN_PARTS = 17;

export interface DemoResult {
  /** Parts added by this run (0 when it refused). */
  inserted: number;
  /** Parts in the database afterwards. */
  total: number;
  /** Where the parts went (file path or postgres host/database). */
  database: string;
  /** Parts added per category, in the order first met. */
  byCategory: Record<string, number>;
  /** Parts added with a photo. */
  withPhoto: number;
  /** Distinct photos those parts use. */
  photos: number;
  /** Photos this run stored (the others were stored by an earlier run and are reused). */
  newPhotos: number;
}

/**
 * Renders each photo and stores it through the media pipeline, as an upload would be (same
 * bytes, same name: a photo stored by an earlier run is reused). Returns each photo's URL.
 */
async function storeDemoPhotos(
  media: MediaService,
  photos: readonly DemoPhoto[],
): Promise<{ urls: Map<string, string>; created: number }> {
  const renderer = new DemoPhotoRenderer();
  const limit = pLimit(Math.max(1, os.availableParallelism()));
  const stored = await Promise.all(
    photos.map((photo) =>
      limit(async () => ({ id: photo.id, ...(await media.store(await renderer.render(photo), null)) })),
    ),
  );
  return {
    urls: new Map(stored.map(({ id, result }) => [id, result.secure_url])),
    created: stored.filter((photo) => photo.created).length,
  };
}

/**
 * Loads the demo parts into the configured database (migrations applied first), most of them
 * with a generated photo stored like an upload (DATA_DIR/media or the bucket of MEDIA_STORAGE=s3). Refuses, and inserts nothing,
 * when the database already holds parts unless `force` is set.
 */
export async function loadDemoParts(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'maxUploadBytes' | 'publicUrl' | 'mediaStorage'>,
  options: { force?: boolean; count?: number; clock?: Clock } = {},
): Promise<DemoResult> {
  const clock = options.clock ?? systemClock;
  const handle = openDatabase(config);
  try {
    await migrateDatabase(handle);
    const parts = new PartsService(handle.db, handle.reader, handle.writes, clock);
    const existing = (await parts.count({})).count;
    if (existing > 0 && !options.force) {
      return {
        inserted: 0,
        total: existing,
        database: handle.describe,
        byCategory: {},
        withPhoto: 0,
        photos: 0,
        newPhotos: 0,
      };
    }
    const generated = generateDemoParts(options.count ?? DEMO_COUNT);
    const chosen = chooseDemoPhotos(generated);
    const used = [
      ...new Map(chosen.flatMap((photo) => (photo ? [[photo.id, photo] as const] : []))).values(),
    ];
    const media = await createMediaService({ config, db: handle.db, clock, log: silentLog });
    const { urls, created } = await storeDemoPhotos(media, used);
    // Parsed like an API request would be: demo data obeys the same rules as real data.
    const inputs = generated.map((input, index) => {
      const photo = chosen[index];
      return PartInputSchema.parse({ ...input, urlImmagine: photo ? (urls.get(photo.id) ?? null) : null });
    });
    const inserted = await parts.createMany(inputs, MINUTES_BETWEEN_PARTS * 60_000);
    const byCategory: Record<string, number> = {};
    for (const input of inputs) byCategory[input.categoria] = (byCategory[input.categoria] ?? 0) + 1;
    return {
      inserted,
      total: existing + inserted,
      database: handle.describe,
      byCategory,
      withPhoto: inputs.filter((input) => input.urlImmagine).length,
      photos: used.length,
      newPhotos: created,
    };
  } finally {
    await handle.close();
  }
}

/** Where the command writes; `env` defaults to process.env (through loadConfig). */
export interface DemoIo {
  argv: string[];
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: Record<string, string | undefined>;
}

const USAGE = `Uso: npm run demo [-- --force] [-- --count <n>]
Carica ${DEMO_COUNT} componenti dimostrativi nel database configurato (DATA_DIR o DATABASE_URL),
quasi tutti con una foto generata (salvata come le foto caricate: DATA_DIR/media o il bucket S3).
Se il database contiene già dei componenti non fa nulla, a meno di --force (che li aggiunge comunque).
`;

/** Where the photos went, as the command's summary names it. */
function photoPlace(config: Pick<Config, 'dataDir' | 'mediaStorage'>): string {
  const storage = config.mediaStorage;
  return storage.kind === 's3' ? `s3://${storage.bucket}/${storage.prefix}` : mediaFolder(config.dataDir);
}

/** `npm run demo`: loads the demo warehouse and says what it did; returns the exit code. */
export async function demoCommand(io: DemoIo): Promise<number> {
  let values: { force?: boolean; count?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: io.argv,
      options: {
        force: { type: 'boolean' },
        count: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const count = values.count === undefined ? DEMO_COUNT : Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    io.stderr.write(`--count deve essere un numero intero tra 1 e 100000.\n${USAGE}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 2;
  }
  const result = await loadDemoParts(config, { force: values.force ?? false, count });
  if (result.inserted === 0) {
    io.stderr.write(
      `Il database ${result.database} contiene già ${result.total} componenti: dati dimostrativi NON caricati.\n` +
        'Per aggiungerli comunque: npm run demo -- --force\n',
    );
    return 1;
  }
  io.stdout.write(
    `Caricati ${result.inserted} componenti dimostrativi in ${result.database}.\n` +
      `Per categoria: ${Object.entries(result.byCategory)
        .sort(([a], [b]) => a.localeCompare(b, 'it'))
        .map(([categoria, n]) => `${categoria} ${n}`)
        .join(', ')}.\n` +
      `Con foto: ${result.withPhoto} componenti su ${result.inserted} (${result.photos} immagini generate, ` +
      `${result.newPhotos} salvate ora in ${photoPlace(config)}, ${result.photos - result.newPhotos} già presenti).\n` +
      `Componenti nel magazzino: ${result.total}. Avvia l'app con npm start e apri http://localhost:${config.port}\n`,
  );
  return 0;
}
