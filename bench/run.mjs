// `npm run bench [-- --count 100000] [-- --requests 20] [-- --pg] [-- --keep] [-- --heap-mb 40]`
// Seeds N parts into a fresh SQLite DATA_DIR (and a fresh PostgreSQL database with --pg), starts
// the BUILT server on a free 127.0.0.1 port, signs in, and times every parts lookup. Prints a table
// and writes JSON to bench/results/. Needs `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { memoryOf, request, resetPeak, signIn, startServer, stats } from './harness.mjs';
import { requireBuiltServer, ROOT, seedParts } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '20' },
    'stream-requests': { type: 'string', default: '3' },
    pg: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // Caps the server's V8 heap (MiB): a stream that built its answer in memory would crash.
    'heap-mb': { type: 'string' },
  },
});
const COUNT = Number(args.count);
const REQUESTS = Number(args.requests);
const STREAM_REQUESTS = Number(args['stream-requests']);
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

try {
  requireBuiltServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

/** Every measured request: a name, a path, and whether it is a big streamed answer. */
function scenarios(sampleId) {
  const page = '&limit=20';
  return [
    ['first page (newest)', `/api/componenti?limit=20`],
    ['middle page', `/api/componenti?offset=${Math.floor(COUNT / 2)}${page}`],
    ['deep page (last)', `/api/componenti?offset=${Math.max(0, COUNT - 20)}${page}`],
    ['count only (X-Total-Count)', `/api/componenti?limit=1`],
    ['filter nome', `/api/componenti?nome=faro${page}`],
    ['filter marca', `/api/componenti?marca=fiat${page}`],
    ['filter modello', `/api/componenti?modello=punto${page}`],
    ['filters nome+marca+modello', `/api/componenti?nome=faro&marca=fiat&modello=punto${page}`],
    ['q free text', `/api/componenti?q=alternatore${page}`],
    ['q rare (no match)', `/api/componenti?q=introvabile${page}`],
    ['categoria filter', `/api/componenti?categoria=Motore${page}`],
    ['sort nome', `/api/componenti?sort=nome${page}`],
    ['sort -peso deep', `/api/componenti?sort=-peso&offset=${Math.floor(COUNT / 2)}${page}`],
    ['categories', `/api/componenti/categorie`],
    ['single category', `/api/componenti/singolacategoria/Motore?limit=20`],
    [
      'single category deep',
      `/api/componenti/singolacategoria/Motore?limit=20&offset=${Math.floor(COUNT / 20)}`,
    ],
    ['location', `/api/componenti/magazzino/a/1/2/3?limit=20`],
    ['part by id', `/api/componenti/${sampleId}`],
    ['full list streamed', `/api/componenti`, true],
    ['CSV export', `/api/componenti/export.csv`, true],
  ];
}

async function measure(server, cookie) {
  const headers = cookie ? { cookie } : {};
  const first = await request(server.url, '/api/componenti?limit=1', { headers });
  if (first.status !== 200) throw new Error(`list failed: ${first.status} ${first.text}`);
  const sampleId = JSON.parse(first.text)[0]?._id ?? 'none';
  const rows = [];
  for (const [name, url, streamed] of scenarios(sampleId)) {
    const repeat = streamed ? STREAM_REQUESTS : REQUESTS;
    await request(server.url, url, { headers }); // warm-up (statement caches, page cache)
    const samples = [];
    let last;
    const before = memoryOf(server.pid);
    if (streamed) resetPeak(server.pid);
    for (let i = 0; i < repeat; i += 1) {
      last = await request(server.url, url, { headers });
      if (last.status !== 200) throw new Error(`${name}: ${last.status} ${last.text}`);
      samples.push(last.ms);
    }
    const after = memoryOf(server.pid);
    rows.push({
      name,
      url,
      ...stats(samples),
      bytes: last.bytes,
      total: last.headers['x-total-count'] ?? null,
      ...(streamed && before && after
        ? { rssBeforeMiB: before.rssMiB, rssAfterMiB: after.rssMiB, rssPeakMiB: after.peakMiB }
        : {}),
    });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return rows;
}

function printTable(title, rows) {
  console.log(`\n${title}`);
  const header = ['scenario', 'median ms', 'p95 ms', 'bytes', 'X-Total-Count', 'server RSS MiB'];
  const lines = rows.map((r) => [
    r.name,
    String(r.median),
    String(r.p95),
    r.bytes >= 1e6 ? `${(r.bytes / 1e6).toFixed(1)} MB` : String(r.bytes),
    r.total ?? '',
    r.rssPeakMiB === undefined ? '' : `${r.rssBeforeMiB} → ${r.rssAfterMiB} (peak ${r.rssPeakMiB})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function runDialect(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `magazzino-bench-${dialect}-`));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const name = `magazzino_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  let server;
  try {
    console.log(`\n[${dialect}] seeding ${COUNT} parts...`);
    const seeded = await seedParts({
      dataDir,
      databaseUrl,
      count: COUNT,
      onProgress: (done) => process.stdout.write(`\r  ${done}/${COUNT}`),
    });
    console.log(`\n  done in ${seeded.ms} ms (${seeded.database})`);
    server = await startServer({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(args['heap-mb'] ? { NODE_OPTIONS: `--max-old-space-size=${Number(args['heap-mb'])}` } : {}),
    });
    const cookie = await signIn(server.url);
    console.log(
      `  server ${server.url} (pid ${server.pid}), ${cookie ? 'signed in' : 'no signup route: anonymous'}`,
    );
    console.log(
      `  measuring (${REQUESTS} requests each, ${STREAM_REQUESTS} for streams; load average ${os.loadavg()[0].toFixed(1)})`,
    );
    const rows = await measure(server, cookie);
    printTable(`${dialect}: ${COUNT} parts`, rows);
    return { dialect, count: COUNT, seedMs: seeded.ms, rows };
  } finally {
    await server?.stop();
    await dropDatabase();
    if (args.keep) console.log(`  data kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const dialect of args.pg ? ['sqlite', 'postgres'] : ['sqlite']) results.push(await runDialect(dialect));

const outDir = path.join(ROOT, 'bench/results');
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  platform: os.platform(),
};
// Load average tells how busy the machine was (timings on a shared machine are noisy).
machine.loadAverage = os.loadavg().map((n) => +n.toFixed(2));
const settings = { requests: REQUESTS, streamRequests: STREAM_REQUESTS, heapMb: args['heap-mb'] ?? null };
fs.writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), machine, settings, results }, null, 2),
);
console.log(`\nResults written to ${path.relative(ROOT, file)}`);
