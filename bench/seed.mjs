// Fills a database with N realistic parts, fast: batched INSERTs inside transactions, through the
// server's own repository (so derived search columns are right). Uses the BUILT server
// (apps/server/dist): run `npm run build` first.
//
//   import { seedParts } from './bench/seed.mjs';
//   await seedParts({ dataDir: '/tmp/x', count: 100_000 });               // SQLite in dataDir
//   await seedParts({ dataDir: '/tmp/x', databaseUrl: 'postgres://...' }); // PostgreSQL
//
// Or from a shell: node bench/seed.mjs --count 100000 --data-dir /tmp/x [--database-url postgres://...]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'apps/server/dist');

/** Parts generated and inserted per transaction: bounded memory, few commits. */
const TRANSACTION_SIZE = 5000;

/** Throws a readable error when the server has not been built. */
export function requireBuiltServer() {
  const needed = ['server.js', 'cli/demo-data.js', 'modules/parts/parts.repository.js', 'db/dialect.js'];
  const missing = needed.filter((file) => !fs.existsSync(path.join(DIST, file)));
  if (missing.length > 0) {
    throw new Error(
      `The built server is missing (${missing.map((f) => `apps/server/dist/${f}`).join(', ')}): run "npm run build" first.`,
    );
  }
}

const load = (file) => import(pathToFileURL(path.join(DIST, file)).href);

/**
 * Adds `count` parts (the demo generator, seeded, so runs are comparable) to the database of
 * `dataDir` (SQLite) or `databaseUrl` (PostgreSQL), applying migrations first. Creation times
 * are one second apart and end now. Returns what it did and how long it took.
 */
export async function seedParts({ dataDir, databaseUrl, count = 100_000, onProgress } = {}) {
  requireBuiltServer();
  const [
    { openDatabase },
    { migrateToLatest },
    { insertParts },
    { generateDemoParts, DEMO_SEED },
    { newId },
  ] = await Promise.all([
    load('db/dialect.js'),
    load('db/migrate.js'),
    load('modules/parts/parts.repository.js'),
    load('cli/demo-data.js'),
    load('lib/ids.js'),
  ]);
  const started = performance.now();
  const handle = openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(handle.db);
    const end = Date.now();
    for (let done = 0; done < count; done += TRANSACTION_SIZE) {
      const size = Math.min(TRANSACTION_SIZE, count - done);
      // A different seed per batch: varied parts without generating all of them at once.
      const inputs = generateDemoParts(size, DEMO_SEED + done);
      const parts = inputs.map((input, i) => {
        const time = end - (count - done - i) * 1000;
        return { input, id: newId(time), createdAt: new Date(time).toISOString() };
      });
      await handle.db.transaction().execute((trx) => insertParts(trx, parts));
      onProgress?.(done + size, count);
    }
    // A settled PostgreSQL database has been autovacuumed: statistics and the visibility map let
    // the planner use index-only scans. Do it now rather than measure a freshly loaded table, for
    // every table the triggers filled too (the word index's statistics were still those of the
    // empty table the migrations left, and its searches were planned for that: 25 req/s at 10^6).
    if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    return { count, ms: Math.round(performance.now() - started), database: handle.describe };
  } finally {
    await handle.db.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  if (!values['data-dir']) {
    console.error(
      'usage: node bench/seed.mjs --data-dir <dir> [--count 100000] [--database-url postgres://...]',
    );
    process.exit(2);
  }
  try {
    const result = await seedParts({
      dataDir: path.resolve(values['data-dir']),
      databaseUrl: values['database-url'],
      count: Number(values.count),
      onProgress: (done, total) => process.stdout.write(`\r${done}/${total}`),
    });
    console.log(`\nSeeded ${result.count} parts into ${result.database} in ${result.ms} ms`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
