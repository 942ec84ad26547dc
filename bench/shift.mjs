// `npm run bench:load [-- --clerks 100] [-- --minutes 5] [-- --dialects sqlite,postgres] [-- --count 100000]`
//
// A full shift of load: `--clerks` simulated clerks at once, for `--minutes`, against a warehouse of
// `--count` parts, on each database. Each clerk loops over what clerks do, with a pause between
// actions (0.5–2 s, as a person reading a screen): search (nome+marca or free text), turn a page,
// open a part, edit one (read it, then PATCH with its If-Match), register a part with a photo
// (upload, then create), export a filtered list as CSV, look at the categories. Reports per
// action: count, req/s, p50, p99, errors and 5xx; and the server's RSS every 10 s. Targets (the
// hardening issue): 0 errors, 0 5xx, p99 of every read ≤ 100 ms, RSS flat after the first minute
// (≤ 10 % growth). Needs `npm run build` first. Traffic goes to 127.0.0.1 only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { memoryOf, signIn, startServer } from './harness.mjs';
import { requireBuiltServer, seedParts } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    clerks: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '5' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    count: { type: 'string', default: '100000' },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'magazzino-bench-cache') },
  },
});
const CLERKS = Number(args.clerks);
const DURATION_MS = Number(args.minutes) * 60_000;
const COUNT = Number(args.count);
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUrl = (name) => Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${name}` }).toString();

requireBuiltServer();

const READS = new Set(['search', 'page', 'open', 'categories']);
const WORDS = ['faro', 'paraurti', 'specchietto', 'motorino', 'alternatore', 'radiatore', 'porta', 'cofano'];
const MAKES = ['fiat', 'volkswagen', 'renault', 'ford', 'opel', 'peugeot', 'toyota', 'citroen'];
const CATEGORIES = ['Carrozzeria', 'Illuminazione', 'Motore', 'Freni', 'Elettronica'];

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh copy of the seeded warehouse (seeded once and cached), and how to drop it. */
async function warehouse(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-shift-'));
  if (dialect === 'sqlite') {
    const cached = path.join(args.cache, `shift-sqlite-${COUNT}-v1`);
    if (!fs.existsSync(path.join(cached, 'ready'))) {
      fs.rmSync(cached, { recursive: true, force: true });
      fs.mkdirSync(cached, { recursive: true });
      console.log(`seeding ${COUNT} parts into SQLite...`);
      await seedParts({ dataDir: cached, count: COUNT });
      fs.writeFileSync(path.join(cached, 'ready'), '');
    }
    fs.copyFileSync(path.join(cached, 'magazzino.sqlite'), path.join(dataDir, 'magazzino.sqlite'));
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const template = `magazzino_bench_shift_${COUNT}_v1`;
  if ((await admin(`select 1 from pg_database where datname = '${template}'`)).rowCount === 0) {
    await admin(`create database ${template}`);
    console.log(`seeding ${COUNT} parts into PostgreSQL...`);
    const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-shift-seed-'));
    await seedParts({ dataDir: seedDir, databaseUrl: pgUrl(template), count: COUNT });
    fs.rmSync(seedDir, { recursive: true, force: true });
  }
  const run = `magazzino_bench_shift_run_${process.pid}`;
  await admin(`drop database if exists ${run} with (force)`);
  await admin(`create database ${run} template ${template}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: pgUrl(run) },
    drop: async () => {
      await admin(`drop database if exists ${run} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A few distinct phone-like photos (the same bytes would be stored once and reused). */
async function photos() {
  const made = [];
  for (let seed = 1; seed <= 8; seed += 1) {
    const pixels = Buffer.alloc(800 * 600 * 3);
    let state = seed * 2_654_435_761;
    for (let i = 0; i < pixels.length; i += 1) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      pixels[i] = ((i % 3) * 60 + (state >>> 24) / 3) & 0xff;
    }
    made.push(
      await sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return made;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list, random) => list[Math.floor(random() * list.length)];

/** A small deterministic random source per clerk, so runs are comparable. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function measure(dialect, images) {
  console.log(`\n[${dialect}, ${COUNT} parts, ${CLERKS} clerks, ${args.minutes} min]`);
  const target = await warehouse(dialect);
  const server = await startServer(target.env);
  const samples = new Map();
  const rss = [];
  try {
    const cookie = await signIn(server.url);
    const base = server.url;
    const sample = await fetch(`${base}/api/componenti?limit=100&offset=${Math.floor(COUNT / 2)}`, {
      headers: { cookie },
    });
    const ids = (await sample.json()).map((part) => part._id);
    const record = (action, ms, status) => {
      let entry = samples.get(action);
      if (!entry)
        samples.set(action, (entry = { times: [], errors: 0, server: 0, conflicts: 0, statuses: {} }));
      entry.times.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      if (status >= 500) entry.server += 1;
      // Two clerks saving the same part: the second gets 412 and reloads. Expected, not an error.
      if (status === 412 && action === 'edit') entry.conflicts += 1;
      else if (status >= 400 || status === 0) entry.errors += 1;
    };
    const call = async (action, pathname, init = {}) => {
      const started = performance.now();
      let status = 0;
      let body = null;
      try {
        const response = await fetch(`${base}${pathname}`, {
          ...init,
          headers: { cookie, origin: base, ...(init.headers ?? {}) },
        });
        status = response.status;
        body = response.headers.get('content-type')?.includes('json')
          ? await response.json()
          : await response.arrayBuffer();
        return { status, body, etag: response.headers.get('etag') };
      } finally {
        record(action, performance.now() - started, status);
      }
    };
    const json = (value) => ({ 'content-type': 'application/json', body: JSON.stringify(value) });

    const actions = [
      // [weight, name, what the clerk does]
      [
        30,
        'search',
        (r) =>
          r() < 0.7
            ? call('search', `/api/componenti?nome=${pick(WORDS, r)}&marca=${pick(MAKES, r)}&limit=20`)
            : call(
                'search',
                `/api/componenti?q=${encodeURIComponent(`${pick(WORDS, r)} ${pick(MAKES, r)}`)}&limit=20`,
              ),
      ],
      [15, 'page', (r) => call('page', `/api/componenti?limit=20&offset=${Math.floor(r() * 5000)}`)],
      [25, 'open', (r) => call('open', `/api/componenti/${pick(ids, r)}`)],
      [10, 'categories', () => call('categories', '/api/componenti/categorie')],
      [
        10,
        'edit',
        async (r) => {
          const id = pick(ids, r);
          const read = await call('open', `/api/componenti/${id}`);
          const { 'content-type': type, body } = json({ peso: Math.round(r() * 300) / 10 });
          await call('edit', `/api/componenti/modifica/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': type, 'if-match': read.etag ?? '*' },
            body,
          });
        },
      ],
      [
        6,
        'create with photo',
        async (r) => {
          const form = new FormData();
          form.append('my_file', new Blob([pick(images, r)], { type: 'image/jpeg' }), 'foto.jpg');
          const upload = await call('upload', '/api/componenti/upload', { method: 'POST', body: form });
          const { 'content-type': type, body } = json({
            nome: `Faro turno ${Math.floor(r() * 1e9)}`,
            descrizione: 'Registrato durante il turno di prova',
            categoria: pick(CATEGORIES, r),
            codice: `TURNO-${Math.floor(r() * 1e12)}`,
            condizione: 'Usato',
            peso: 1.5,
            scaffale: 'A',
            campata: '1',
            ripiano: '2',
            cassetta: '3',
            marca: 'Fiat',
            modello: 'Punto',
            versione: '1.2',
            annoImmatricolazione: 2010,
            ...(upload.status === 201 ? { urlImmagine: upload.body.secure_url } : {}),
          });
          await call('create', '/api/componenti/crea-componente', {
            method: 'POST',
            headers: { 'content-type': type },
            body,
          });
        },
      ],
      [
        4,
        'export',
        (r) => call('export', `/api/componenti/export.csv?marca=${pick(MAKES, r)}&nome=${pick(WORDS, r)}`),
      ],
    ];
    const total = actions.reduce((sum, [weight]) => sum + weight, 0);
    const choose = (r) => {
      let at = r() * total;
      for (const [weight, , run] of actions) {
        at -= weight;
        if (at < 0) return run;
      }
      return actions[0][2];
    };

    const started = Date.now();
    const end = started + DURATION_MS;
    const sampler = setInterval(() => {
      const memory = memoryOf(server.pid);
      rss.push({ s: Math.round((Date.now() - started) / 1000), rssMiB: memory?.rssMiB ?? null });
    }, 10_000);
    const clerk = async (n) => {
      const r = randomSource(n * 7919 + 17);
      // Clerks start spread over the first seconds, as a shift does.
      await sleep(r() * 5000);
      while (Date.now() < end) {
        await choose(r)(r).catch(() => undefined);
        await sleep(500 + r() * 1500);
      }
    };
    await Promise.all(Array.from({ length: CLERKS }, (_, n) => clerk(n)));
    clearInterval(sampler);

    const seconds = (Date.now() - started) / 1000;
    const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    const rows = [...samples].map(([action, entry]) => {
      const sorted = entry.times.sort((a, b) => a - b);
      return {
        action,
        count: sorted.length,
        reqPerSec: +(sorted.length / seconds).toFixed(1),
        p50: +at(sorted, 0.5).toFixed(1),
        p99: +at(sorted, 0.99).toFixed(1),
        errors: entry.errors,
        server5xx: entry.server,
        conflicts: entry.conflicts,
        statuses: entry.statuses,
      };
    });
    console.log(
      '\n| action | requests | req/s | p50 ms | p99 ms | errors | 5xx | 412, part saved meanwhile |\n|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const row of rows)
      console.log(
        `| ${row.action} | ${row.count} | ${row.reqPerSec} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.server5xx} | ${row.conflicts} |`,
      );
    for (const row of rows.filter((r) => r.errors > 0)) console.log(`  ${row.action} answers:`, row.statuses);
    console.log(`\nRSS every 10 s (MiB): ${rss.map((point) => point.rssMiB).join(' ')}`);
    const afterMinute = rss.filter((point) => point.s >= 60).map((point) => point.rssMiB);
    const growth = afterMinute.length > 1 ? (afterMinute.at(-1) / afterMinute[0] - 1) * 100 : 0;
    const slowReads = rows.filter((row) => READS.has(row.action) && row.p99 > 100).map((row) => row.action);
    const errors = rows.reduce((sum, row) => sum + row.errors, 0);
    const server5xx = rows.reduce((sum, row) => sum + row.server5xx, 0);
    console.log(
      `targets: errors ${errors} (0), 5xx ${server5xx} (0), reads over p99 100 ms: ${slowReads.join(', ') || 'none'}, ` +
        `RSS growth after the first minute ${growth.toFixed(1)} % (≤ 10 %)`,
    );
    return { dialect, rows, rss, growth, errors, server5xx, slowReads };
  } finally {
    await server.stop();
    await target.drop();
  }
}

const images = await photos();
const results = [];
for (const dialect of args.dialects.split(',')) results.push(await measure(dialect, images));
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const out = new URL(
  `./results/shift-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  import.meta.url,
);
fs.writeFileSync(
  out,
  JSON.stringify({ clerks: CLERKS, minutes: Number(args.minutes), count: COUNT, results }, null, 2),
);
console.log(`\nwritten ${path.relative(process.cwd(), out.pathname)}`);
