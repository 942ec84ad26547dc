// `node bench/backup.mjs [--count 100000] [--photos 1000] [--dialects sqlite,postgres] [--keep]`
//
// Time, size and peak memory of `npm run backup` and `npm run restore` on a warehouse of
// --count parts, --photos of them with their own photo (display image ~150 kB and thumbnail, as
// a phone photo gives once stored). The seeded SQLite warehouse is cached in
// $TMPDIR/magazzino-bench-cache (seeding 1,000 photos through the media pipeline takes minutes).
// Each step runs the built command in a child process, as `npm run` would:
//   1. backup of the SQLite warehouse;       2. `restore --check` of it (the verification alone);
//   3. restore into a fresh SQLite DATA_DIR; 4. restore into a fresh PostgreSQL database;
//   5. backup of that PostgreSQL database;   6. restore of that archive into a fresh SQLite
//      DATA_DIR (and back: the round trip).
// Prints a table, writes JSON to bench/results/. Needs `npm run build` (or `npx tsc -b`) first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import pg from 'pg';
import sharp from 'sharp';
import { requireBuiltServer, ROOT, seedParts } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    photos: { type: 'string', default: '1000' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'magazzino-bench-cache') },
    // Keep the archives and restored databases (printed) instead of deleting them.
    keep: { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count);
const PHOTOS = Number(args.photos);
const WITH_POSTGRES = args.dialects.split(',').includes('postgres');
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Bump when the seeded warehouse changes. */
const SEED_VERSION = 'v1';

const DIST = path.join(ROOT, 'apps/server/dist');
try {
  requireBuiltServer();
  if (!fs.existsSync(path.join(DIST, 'cli/backup.js')))
    throw new Error('apps/server/dist/cli/backup.js is missing: run "npm run build" first.');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const dist = (file) => import(pathToFileURL(path.join(DIST, file)).href);

// ---------------------------------------------------------------------------------------------
// The warehouse

/**
 * Photo-like JPEGs, 1600 × 1200, each different: a coloured scene under soft blotches and sensor
 * grain (cut from two large noise fields at a different place for each photo), so the stored
 * WebP weighs what a real photo's does rather than what a flat drawing's would.
 */
async function photoMaker() {
  const width = 1600;
  const height = 1200;
  const noise = (w, h, sigma) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    });
  const blotches = await noise(80, 60, 60)
    .resize(width * 2, height * 2, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await noise(width * 2, height * 2, 9)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const crop = (field, i, step) =>
    sharp(field)
      .extract({ left: (i * step) % width, top: (i * (step + 7)) % height, width, height })
      .png({ compressionLevel: 0 })
      .toBuffer();
  return async (i) => {
    const hue = (i * 37) % 360;
    const scene = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="100%" height="100%" fill="hsl(${hue},25%,55%)"/>
        <circle cx="${400 + (i % 7) * 120}" cy="${500 + (i % 3) * 60}" r="${200 + (i % 5) * 40}" fill="hsl(${(hue + 180) % 360},30%,35%)"/>
      </svg>`,
    );
    return sharp(scene)
      .removeAlpha()
      .composite([
        { input: await crop(blotches, i, 53), blend: 'soft-light' },
        { input: await crop(grain, i, 31), blend: 'overlay' },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
  };
}

/** The SQLite warehouse (DATA_DIR), seeded once and cached. */
async function warehouse() {
  const dataDir = path.join(args.cache, `backup-${COUNT}-${PHOTOS}-${SEED_VERSION}`);
  const ready = path.join(dataDir, 'seeded.json');
  if (fs.existsSync(ready)) return dataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  console.log(`Seeding ${COUNT} parts into ${dataDir}...`);
  await seedParts({ dataDir, count: COUNT });

  console.log(`Storing ${PHOTOS} photos through the media pipeline...`);
  const [{ openDatabase }, { createMediaService }, { systemClock }, { loadConfig }] = await Promise.all([
    dist('db/dialect.js'),
    dist('modules/media/media.factory.js'),
    dist('lib/clock.js'),
    dist('config.js'),
  ]);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  const silent = {
    level: 'silent',
    fatal() {},
    error() {},
    warn() {},
    info() {},
    debug() {},
    trace() {},
    silent() {},
  };
  silent.child = () => silent;
  const media = await createMediaService({ config, db: handle.db, clock: systemClock, log: silent });
  try {
    const make = await photoMaker();
    const limit = pLimit(Math.max(1, os.availableParallelism()));
    let done = 0;
    const step = Math.floor(COUNT / PHOTOS);
    await Promise.all(
      Array.from({ length: PHOTOS }, (_, i) =>
        limit(async () => {
          const { result } = await media.store(await make(i), null);
          // Every step-th part gets its own photo.
          await handle.db
            .updateTable('parts')
            .set({ url_immagine: result.secure_url })
            .where('seq', '=', 1 + i * step)
            .execute();
          done += 1;
          if (done % 50 === 0) process.stdout.write(`\r${done}/${PHOTOS}`);
        }),
      ),
    );
    process.stdout.write('\n');
  } finally {
    media.storage.close?.();
    await handle.close();
  }
  fs.writeFileSync(
    ready,
    JSON.stringify({ count: COUNT, photos: PHOTOS, ms: Math.round(performance.now() - started) }),
  );
  return dataDir;
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Bytes of a file or of everything under a folder. */
function sizeOf(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

/**
 * Runs apps/server/dist/cli/<name>.js as `npm run <name>` would (scripts/cli.mjs), in a child
 * process; returns its wall time, its peak resident memory and its output. The peak is the
 * child's own VmHWM, read as it exits: getrusage's maxrss would also count the RSS this parent
 * had when it forked (Linux keeps it across exec).
 */
function runCommand(name, argv, env) {
  const cli = pathToFileURL(path.join(DIST, 'cli', `${name}.js`)).href;
  const code = `import fs from 'node:fs';
process.argv = [process.argv[0], ${JSON.stringify(name)}, ...${JSON.stringify(argv)}];
process.on('exit', () => {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  process.stderr.write('\\nPEAK_RSS_KB ' + (/VmHWM:\\s+(\\d+)/.exec(status)?.[1] ?? process.resourceUsage().maxRSS) + '\\n');
});
await import(${JSON.stringify(cli)});`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (exitCode) => {
      const ms = performance.now() - started;
      const rssKb = Number(/PEAK_RSS_KB (\d+)/.exec(stderr)?.[1] ?? NaN);
      const errors = stderr.replace(/\n?PEAK_RSS_KB \d+\n/, '').trim();
      if (exitCode !== 0) {
        reject(new Error(`${name} ${argv.join(' ')} exited ${exitCode}:\n${stdout}\n${errors}`));
        return;
      }
      resolve({
        ms: Math.round(ms),
        peakRssMiB: Math.round(rssKb / 1024),
        summary: stdout.trim().split('\n').at(-1),
      });
    });
  });
}

async function createPgDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------

const source = await warehouse();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-bench-backup-'));
const pgName = `magazzino_bench_backup_${process.pid}`;
const steps = [];
const step = async (label, name, argv, env, extra = {}) => {
  process.stdout.write(`${label}... `);
  const result = await runCommand(name, argv, env);
  console.log(`${(result.ms / 1000).toFixed(1)} s`);
  steps.push({ step: label, ...result, ...extra });
};
try {
  const fromSqlite = path.join(work, 'da-sqlite.tar.gz');
  await step('backup SQLite', 'backup', ['--out', fromSqlite], { DATA_DIR: source });
  steps.at(-1).archiveBytes = sizeOf(fromSqlite);
  await step('restore --check (verify only)', 'restore', [fromSqlite, '--check'], {});
  const sqliteTarget = path.join(work, 'sqlite-1');
  await step('restore → SQLite', 'restore', [fromSqlite], { DATA_DIR: sqliteTarget });
  if (WITH_POSTGRES) {
    const databaseUrl = await createPgDatabase(pgName);
    const pgDataDir = path.join(work, 'postgres-media');
    await step('restore → PostgreSQL', 'restore', [fromSqlite], {
      DATA_DIR: pgDataDir,
      DATABASE_URL: databaseUrl,
    });
    const fromPostgres = path.join(work, 'da-postgres.tar.gz');
    await step('backup PostgreSQL', 'backup', ['--out', fromPostgres], {
      DATA_DIR: pgDataDir,
      DATABASE_URL: databaseUrl,
    });
    steps.at(-1).archiveBytes = sizeOf(fromPostgres);
    await step('restore → SQLite (back)', 'restore', [fromPostgres], {
      DATA_DIR: path.join(work, 'sqlite-2'),
    });
  }

  const sourceBytes = {
    database: sizeOf(path.join(source, 'magazzino.sqlite')),
    photos: sizeOf(path.join(source, 'media')),
  };
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  console.log(
    `\n${COUNT} parts, ${PHOTOS} photos; source: SQLite file ${mb(sourceBytes.database)} MB, photos ${mb(sourceBytes.photos)} MB`,
  );
  console.log('| step | time | peak RSS | archive |\n|---|---|---|---|');
  for (const s of steps) {
    console.log(
      `| ${s.step} | ${(s.ms / 1000).toFixed(1)} s | ${s.peakRssMiB} MiB | ${s.archiveBytes ? `${mb(s.archiveBytes)} MB` : ''} |`,
    );
  }
  for (const s of steps) console.log(`  ${s.step}: ${s.summary}`);

  const outDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    loadAverage: os.loadavg(),
  };
  fs.writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), machine, count: COUNT, photos: PHOTOS, sourceBytes, steps },
      null,
      2,
    ),
  );
  console.log(`\nResults written to ${path.relative(ROOT, file)}`);
} finally {
  if (args.keep) {
    console.log(`Kept: ${work}${WITH_POSTGRES ? ` and database ${pgName}` : ''}`);
  } else {
    fs.rmSync(work, { recursive: true, force: true });
    if (WITH_POSTGRES) await dropPgDatabase(pgName);
  }
}
