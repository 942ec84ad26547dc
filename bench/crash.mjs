// `node bench/crash.mjs [--runs 5] [--dialects sqlite,postgres] [--writers 8] [--seed 1]`
//
// Crash safety: kills the server with SIGKILL while `--writers` clients write, restarts it on the
// same data and checks that no acknowledged write was lost and none was half made. Each run, on
// each database: a fresh warehouse (a new DATA_DIR, or a new PostgreSQL database
// magazzino_crash_<n> at 127.0.0.1:5432, dropped afterwards) with one account made by the server's
// own `user:create`; the BUILT server on a free 127.0.0.1 port; the writers, each creating parts
// with a unique name and code, editing its own parts (PATCH with If-Match), moving them to another
// status, and now and then editing one of four parts every writer shares (read, then PATCH with
// its ETag: 412 when another writer saved first). Every answer is recorded with what was sent.
// After a seeded random delay (`--min-delay`..`--max-delay` ms) the node process of the server
// gets SIGKILL; the writes sent and not answered are "in flight". The server is started again,
// timed until /api/health answers, signed in again, and every part any write touched is read back:
// - every acknowledged write is there: its part at a version at least the answered one, and its
//   event in the part's history (Storico) at the very instant the answer gave;
// - the part at the last acknowledged version equals that answer, field for field; a part at a
//   later version is explained by writes in flight and shows them whole (every field they set,
//   every other field unchanged);
// - a part's history has exactly one event per version: no change without its event, no event
//   without its change (each write is one transaction with its event);
// - a create in flight is found by its code at most once, whole (version 1, its `creato` event),
//   or not at all; the number of parts is the creates acknowledged plus those found.
// Then the server is stopped and the database checked on its own: SQLite with `PRAGMA
// integrity_check` and `foreign_key_check` (read-only, the driver the server loads) and the FTS5
// search index's own `integrity-check` (on a scratch copy: it is written as an INSERT); on both
// databases the category counts (part_category_counts, kept by triggers) against a count(*).
//
// Prints a table per database, writes JSON to bench/results/, and exits 1 when anything was lost,
// half written, answered 5xx, or found corrupt. Runs are reproducible in what they send and when
// they kill (seeded); how far the server got by then depends on the machine. Traffic goes to
// 127.0.0.1 only, bounded by `--max-writes` per run. Needs the built server (`npm run build`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { EXAMPLE_PART_INPUT } from '@magazzino/contract';
import pg from 'pg';
import { startServer } from './harness.mjs';
import { requireBuiltServer, ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    writers: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    // The kill comes this long after the writers start (ms, drawn from the run's seed).
    'min-delay': { type: 'string', default: '1000' },
    'max-delay': { type: 'string', default: '4000' },
    // A bound on the writes of one run, whatever the delay.
    'max-writes': { type: 'string', default: '20000' },
  },
});
const RUNS = Number(args.runs);
const DIALECTS = args.dialects.split(',');
/** Each database draws its own delays and writes from the seed. */
const DIALECT_SEED = { sqlite: 1, postgres: 2 };
const WRITERS = Number(args.writers);
const SEED = Number(args.seed);
const MIN_DELAY = Number(args['min-delay']);
const MAX_DELAY = Number(args['max-delay']);
const MAX_WRITES = Number(args['max-writes']);
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUrl = (name) => Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${name}` }).toString();
const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
const ACCOUNT = { email: 'crash@example.test', username: 'Crash', password: 'prova-di-crash-del-magazzino' };
/** Parts every writer edits (read, then PATCH with its ETag), so If-Match races are part of the mix. */
const SHARED_PARTS = 4;
/** Parts each writer creates before the clock starts, so it has parts to edit from the first write. */
const OWN_PARTS_AT_START = 2;
/** Every fetch gives up after this: a write never hangs a run. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Fields of a part a client sends (the example part's), compared after the crash. */
const INPUT_FIELDS = [...Object.keys(EXAMPLE_PART_INPUT), 'urlImmagine'];

try {
  const unknown = DIALECTS.filter((dialect) => !(dialect in DIALECT_SEED));
  if (unknown.length > 0) throw new Error(`unknown database: ${unknown.join(', ')} (sqlite, postgres)`);
  requireBuiltServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The SQLite driver the server itself loads on this Node.js (better-sqlite3 from node_modules).
const { default: Database } = await import(pathToFileURL(path.join(SERVER_DIST, 'db/sqlite-driver.js')).href);
const { SQLITE_FILE_NAME } = await import(pathToFileURL(path.join(SERVER_DIST, 'db/dialect.js')).href);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic random source (as bench/shift.mjs), so runs send the same writes. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Mixes numbers into one 32-bit seed (FNV-1a), so neighbouring runs draw unrelated numbers. */
function seedOf(...values) {
  let hash = 2_166_136_261;
  for (const value of values) {
    hash = Math.imul(hash ^ (value >>> 0), 16_777_619);
    hash ^= hash >>> 15;
  }
  return hash >>> 0;
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty warehouse for one run, and how to drop it. */
async function warehouse(dialect, run) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `magazzino-crash-${dialect}-`));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      file: path.join(dataDir, SQLITE_FILE_NAME),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `magazzino_crash_${run}`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: pgUrl(name) },
    databaseUrl: pgUrl(name),
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a server CLI (apps/server/dist/cli/<name>.js) on the given database, as bench/lighthouse.mjs. */
function runCli(name, cliArgs, env, input) {
  const result = spawnSync(process.execPath, [path.join(SERVER_DIST, 'cli', `${name}.js`), ...cliArgs], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    input,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`${name} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

/** Signs the account in; returns the cookie header of the session. */
async function login(base) {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A client of one server: JSON in and out, the session and the origin on every request. */
function client(base, cookie) {
  return async (pathname, { method = 'GET', body, headers = {} } = {}) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text below
    }
    return { status: response.status, json, text, headers: response.headers };
  };
}

/** The body of a new part, unique by name and code so it can be found again. */
function newPartBody(tag) {
  return {
    ...EXAMPLE_PART_INPUT,
    nome: `Faro crash ${tag}`,
    codice: `CRASH${tag}`,
    descrizione: `Creato ${tag}`,
  };
}

/** A local day `days` from now (AAAA-MM-GG): a reservation that cannot run out during the run. */
function dayFromNow(days) {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** A move allowed from `stato` (README: a part's life), with its body. */
function statusMove(stato, random, tag) {
  const moves = {
    disponibile: [
      { stato: 'riservato', cliente: `Cliente ${tag}`, telefono: '333 1234567', fino: dayFromNow(7) },
      { stato: 'venduto', prezzo: Math.round(random() * 10_000) / 100 },
      { stato: 'scartato' },
    ],
    riservato: [{ stato: 'disponibile' }, { stato: 'venduto', prezzo: 12.5 }],
    venduto: [{ stato: 'reso' }],
    reso: [{ stato: 'disponibile' }],
    scartato: [{ stato: 'disponibile' }],
  }[stato];
  return moves[Math.floor(random() * moves.length)];
}

/**
 * The writes of one run. Each is { kind: 'create' | 'edit' | 'status', partId, baseVersion, body,
 * outcome, answer }: outcome 'acked' (2xx, answer = the part), 'refused' (4xx: nothing written),
 * 'server-error' (5xx), 'inflight' (sent before the kill, no answer) or 'failed' (no answer, and
 * not because of the kill: the outcome is unknown, and it is checked as a write in flight).
 */
class Ledger {
  writes = [];
  pending = new Set();
  killed = false;

  /** Sends one write through `send` and records what came of it. */
  async write(entry, send) {
    if (this.killed || this.writes.length >= MAX_WRITES) return null;
    this.writes.push(entry);
    this.pending.add(entry);
    try {
      const answer = await send();
      entry.status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        entry.outcome = 'acked';
        entry.answer = answer.json;
        entry.partId ??= answer.json._id;
        // Answered although the kill was already sent: it is acknowledged all the same.
        entry.answeredAfterKill = this.killed;
      } else {
        entry.outcome = answer.status >= 500 ? 'server-error' : 'refused';
        entry.error = answer.text.slice(0, 300);
      }
      return entry;
    } catch (error) {
      entry.outcome = this.killed ? 'inflight' : 'failed';
      entry.error = String(error?.cause?.code ?? error?.message ?? error);
      return entry;
    } finally {
      this.pending.delete(entry);
    }
  }
}

/**
 * One writer: creates parts, edits and moves its own (it is their only writer, so it knows their
 * version), and edits the shared parts after reading them. Loops until the kill.
 */
async function writer(n, api, ledger, shared, own, random, runTag) {
  let counter = 0;
  const tag = () => `${runTag}W${n}N${String((counter += 1)).padStart(4, '0')}`;
  while (!ledger.killed && ledger.writes.length < MAX_WRITES) {
    const dice = random();
    if (dice < 0.45 || own.length === 0) {
      const body = newPartBody(tag());
      const done = await ledger.write({ kind: 'create', writer: n, body }, () =>
        api('/api/componenti/crea-componente', { method: 'POST', body }),
      );
      if (done?.outcome === 'acked')
        own.push({ id: done.partId, version: done.answer.version, stato: done.answer.stato });
    } else if (dice < 0.9) {
      const part = own[Math.floor(random() * own.length)];
      const editing = dice < 0.7;
      const label = tag();
      const body = editing
        ? { descrizione: `Modificato ${label}`, peso: Math.round(random() * 500) / 10 }
        : statusMove(part.stato, random, label);
      const done = await ledger.write(
        { kind: editing ? 'edit' : 'status', writer: n, partId: part.id, baseVersion: part.version, body },
        () =>
          api(editing ? `/api/componenti/modifica/${part.id}` : `/api/componenti/stato/${part.id}`, {
            method: editing ? 'PATCH' : 'POST',
            headers: { 'if-match': `"v${part.version}"` },
            body,
          }),
      );
      if (done?.outcome === 'acked')
        Object.assign(part, { version: done.answer.version, stato: done.answer.stato });
      // An unknown outcome leaves this writer unsure of the part's version: it stops touching it.
      if (done && !['acked', 'refused'].includes(done.outcome)) own.splice(own.indexOf(part), 1);
    } else {
      const id = shared[Math.floor(random() * shared.length)];
      let read;
      try {
        read = await api(`/api/componenti/${id}`);
      } catch {
        continue; // the server is gone: the loop ends
      }
      if (read.status !== 200) continue;
      const body = {
        descrizione: `Condiviso ${tag()}`,
        scaffale: String.fromCharCode(65 + Math.floor(random() * 8)),
      };
      await ledger.write({ kind: 'edit', writer: n, partId: id, baseVersion: read.json.version, body }, () =>
        api(`/api/componenti/modifica/${id}`, {
          method: 'PATCH',
          headers: { 'if-match': read.headers.get('etag') },
          body,
        }),
      );
    }
  }
}

const sameInstant = (a, b) =>
  typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);
const EVENT_KIND = { create: 'creato', edit: 'modificato', status: 'stato' };

/** Fields of `part` that differ from `expected` (the keys of `expected` only). */
function differences(part, expected) {
  return Object.keys(expected).filter((key) => !isDeepStrictEqual(part[key], expected[key]));
}

/**
 * What a write in flight must have left when it landed, checked on the part it produced: the
 * fields it set, and, when the version before is known, every other field as it was.
 */
function landedWhole(write, part, before) {
  const keep = (fields) => (before ? Object.fromEntries(fields.map((f) => [f, before[f]])) : {});
  if (write.kind === 'edit') {
    const expected = { ...keep([...INPUT_FIELDS, 'prezzo', 'stato', 'riserva', 'vendita']), ...write.body };
    return differences(part, expected);
  }
  // A status move: the status and what it carries; the part's own fields unchanged.
  const { stato, cliente, telefono, fino, prezzo } = write.body;
  const expected = {
    ...keep(INPUT_FIELDS.filter((f) => f !== 'prezzo')),
    stato,
    riserva: stato === 'riservato' ? { cliente, telefono, fino } : null,
  };
  const wrong = differences(part, expected);
  if (stato === 'venduto' && part.vendita?.prezzo !== prezzo) wrong.push('vendita');
  if (stato !== 'venduto' && part.vendita !== null) wrong.push('vendita');
  return wrong;
}

/**
 * Checks one part after the restart against every write that touched it. Returns the acknowledged
 * writes lost and the problems of a part half written (each with a line saying what).
 */
async function checkPart(api, partId, writes) {
  const acked = writes
    .filter((w) => w.outcome === 'acked')
    .sort((a, b) => a.answer.version - b.answer.version);
  const unsure = writes.filter((w) => ['inflight', 'failed', 'server-error'].includes(w.outcome));
  const lost = [];
  const half = [];
  const read = await api(`/api/componenti/${partId}`);
  if (read.status === 404) {
    for (const w of acked) lost.push(`${w.kind} of ${partId} (v${w.answer.version}): the part is gone`);
    return { lost, half, part: null };
  }
  if (read.status !== 200) throw new Error(`GET ${partId}: ${read.status} ${read.text}`);
  const part = read.json;
  // The part's whole history, newest first, 100 events a page.
  const events = [];
  let total = 0;
  do {
    const page = await api(`/api/componenti/storico/${partId}?limit=100&offset=${events.length}`);
    if (page.status !== 200) throw new Error(`history of ${partId}: ${page.status} ${page.text}`);
    total = Number(page.headers.get('x-total-count'));
    events.push(...page.json);
    if (page.json.length === 0) break;
  } while (events.length < total);

  // Every acknowledged write: its version reached, and its event at the instant it answered.
  for (const w of acked) {
    const event = events.find((e) => e.tipo === EVENT_KIND[w.kind] && sameInstant(e.at, w.answer.updatedAt));
    if (part.version < w.answer.version)
      lost.push(`${w.kind} of ${partId}: v${w.answer.version} answered, v${part.version} stored`);
    else if (!event)
      lost.push(
        `${w.kind} of ${partId} v${w.answer.version}: no ${EVENT_KIND[w.kind]} event at ${w.answer.updatedAt}`,
      );
  }
  // The part as the last answer left it, or that plus writes in flight, each whole.
  const last = acked.at(-1)?.answer;
  if (last && part.version === last.version) {
    const wrong = differences(part, last);
    if (wrong.length > 0)
      half.push(`${partId} v${part.version} differs from its answer in ${wrong.join(', ')}`);
  } else if (!last || part.version > last.version) {
    const from = last?.version ?? 0;
    for (let version = from + 1; version <= part.version; version += 1) {
      const candidates = unsure.filter((w) =>
        w.kind === 'create' ? version === 1 : w.baseVersion === version - 1,
      );
      if (candidates.length === 0) {
        half.push(`${partId} is at v${part.version}: no write explains v${version}`);
        break;
      }
      if (version !== part.version) {
        candidates[0].landed = true;
        continue;
      }
      const before = version - 1 === from ? last : undefined;
      const whole = candidates.find((w) =>
        w.kind === 'create'
          ? differences(part, w.body).length === 0
          : landedWhole(w, part, before).length === 0,
      );
      if (whole) whole.landed = true;
      else
        half.push(
          `${partId} v${part.version}: the write in flight landed in part (${candidates.map((w) => landedWhole(w, part, before)).join('; ')})`,
        );
    }
  }
  // One event per version, no more, no fewer.
  if (total !== part.version) half.push(`${partId} at v${part.version} has ${total} events in its history`);
  return { lost, half, part };
}

/** Runs `work` over `items`, `width` at a time. */
async function pool(items, width, work) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

/** Checks everything the writes of `ledger` should have left, through the API of the restarted server. */
async function verify(api, ledger) {
  const byPart = new Map();
  for (const w of ledger.writes) {
    if (!w.partId) continue;
    if (!byPart.has(w.partId)) byPart.set(w.partId, []);
    byPart.get(w.partId).push(w);
  }
  const checks = await pool([...byPart], 8, ([id, writes]) => checkPart(api, id, writes));
  const lost = checks.flatMap((c) => c.lost);
  const half = checks.flatMap((c) => c.half);

  // Creates without an answer: found once and whole, or not at all.
  let creates = ledger.writes.filter((w) => w.kind === 'create' && w.outcome === 'acked').length;
  for (const w of ledger.writes.filter((w) => w.kind === 'create' && !w.partId && w.outcome !== 'refused')) {
    const found = await api(`/api/componenti?q=${encodeURIComponent(w.body.codice)}&stato=tutti&limit=10`);
    const matches = (found.json ?? []).filter((part) => part.codice === w.body.codice);
    w.foundAfterRestart = matches.length;
    if (matches.length === 0) continue;
    creates += 1;
    if (matches.length > 1) half.push(`create in flight ${w.body.codice} stored ${matches.length} times`);
    const check = await checkPart(api, matches[0]._id, [w]);
    half.push(...check.half);
  }
  // No part more, no part fewer.
  const listed = await api('/api/componenti?stato=tutti&limit=1');
  const stored = Number(listed.headers.get('x-total-count'));
  if (stored !== creates) half.push(`${stored} parts stored, ${creates} created (acknowledged or found)`);
  return { lost, half, partsStored: stored };
}

/** The category counts the triggers keep, against a count of the parts themselves. */
function countsAgree(stored, counted) {
  const key = (row) => `${row.categoria}\u0000${row.stato}`;
  const a = new Map(stored.map((row) => [key(row), Number(row.count)]));
  const b = new Map(counted.map((row) => [key(row), Number(row.count)]));
  const wrong = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
  return wrong.length === 0
    ? []
    : [`category counts differ for ${wrong.map((k) => k.replace('\u0000', '/')).join(', ')}`];
}

// A key's count is the sum of its rows (its shards on PostgreSQL, migration 020).
const COUNTS_SQL =
  'select categoria, stato, sum(count) as count from part_category_counts group by categoria, stato having sum(count) <> 0';
const COUNTED_SQL = 'select categoria, stato, count(*) as count from parts group by categoria, stato';

/** The stopped server's database, checked on its own. Returns the problems found ([] = ok). */
async function integrity(dialect, target) {
  if (dialect === 'postgres') {
    const db = new pg.Client({ connectionString: target.databaseUrl });
    await db.connect();
    try {
      return countsAgree((await db.query(COUNTS_SQL)).rows, (await db.query(COUNTED_SQL)).rows);
    } finally {
      await db.end();
    }
  }
  const problems = [];
  const db = new Database(target.file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: false }).map((row) => row.integrity_check);
    if (result.join() !== 'ok') problems.push(`integrity_check: ${result.slice(0, 5).join('; ')}`);
    const orphans = db.pragma('foreign_key_check');
    if (orphans.length > 0) problems.push(`foreign_key_check: ${orphans.length} rows`);
    problems.push(...countsAgree(db.prepare(COUNTS_SQL).all(), db.prepare(COUNTED_SQL).all()));
    // Each part has one entry, in the index of its side of the stock (migration 022).
    for (const [index, condition] of [
      ['parts_fts', "stato not in ('venduto', 'scartato')"],
      ['parts_fts_out', "stato in ('venduto', 'scartato')"],
    ]) {
      const parts = db.prepare(`select count(*) as n from parts where ${condition}`).get().n;
      const indexed = db.prepare(`select count(*) as n from ${index}`).get().n;
      if (parts !== indexed) problems.push(`${parts} parts, ${indexed} rows in ${index}`);
    }
  } finally {
    db.close();
  }
  // The FTS5 check is an INSERT: it runs on a scratch copy, never on the warehouse itself.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-crash-check-'));
  try {
    for (const suffix of ['', '-wal']) {
      if (fs.existsSync(target.file + suffix))
        fs.copyFileSync(target.file + suffix, path.join(scratch, `copy.sqlite${suffix}`));
    }
    const copy = new Database(path.join(scratch, 'copy.sqlite'));
    try {
      for (const index of ['parts_fts', 'parts_fts_out']) {
        try {
          copy.prepare(`insert into ${index} (${index}) values ('integrity-check')`).run();
        } catch (error) {
          problems.push(`${index} integrity-check: ${error.message}`);
        }
      }
    } finally {
      copy.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return problems;
}

/** Is `pid` the node process of the server itself (not a shell or npm around it)? */
function isServerProcess(pid) {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv[0] === process.execPath && argv[1] === path.join(SERVER_DIST, 'server.js');
  } catch {
    return process.platform !== 'linux'; // no /proc: startServer spawns node itself
  }
}

/** One run: write, kill, restart, check. */
async function crashRun(dialect, run) {
  const random = randomSource(seedOf(SEED, DIALECT_SEED[dialect], run));
  const runTag = `${dialect === 'sqlite' ? 'S' : 'P'}${SEED}R${run}`;
  const killAfter = Math.round(MIN_DELAY + random() * (MAX_DELAY - MIN_DELAY));
  const target = await warehouse(dialect, run);
  let server;
  try {
    runCli(
      'user-create',
      ['--email', ACCOUNT.email, '--username', ACCOUNT.username],
      target.env,
      `${ACCOUNT.password}\n`,
    );
    server = await startServer(target.env);
    const api = client(server.url, await login(server.url));
    const ledger = new Ledger();

    // Before the clock: the shared parts and each writer's first parts, acknowledged and recorded.
    const shared = [];
    for (let i = 0; i < SHARED_PARTS; i += 1) {
      const body = newPartBody(`${runTag}SHARED${i}`);
      const done = await ledger.write({ kind: 'create', writer: -1, body }, () =>
        api('/api/componenti/crea-componente', { method: 'POST', body }),
      );
      if (done.outcome !== 'acked') throw new Error(`creating a shared part: ${done.status} ${done.error}`);
      shared.push(done.partId);
    }
    const owns = [];
    for (let n = 0; n < WRITERS; n += 1) {
      owns.push([]);
      for (let i = 0; i < OWN_PARTS_AT_START; i += 1) {
        const body = newPartBody(`${runTag}W${n}START${i}`);
        const done = await ledger.write({ kind: 'create', writer: n, body }, () =>
          api('/api/componenti/crea-componente', { method: 'POST', body }),
        );
        if (done.outcome !== 'acked') throw new Error(`creating a part: ${done.status} ${done.error}`);
        owns[n].push({ id: done.partId, version: done.answer.version, stato: done.answer.stato });
      }
    }
    const setupWrites = ledger.writes.length;

    // The writers, then the kill.
    const writers = owns.map((own, n) =>
      writer(
        n,
        api,
        ledger,
        shared,
        own,
        randomSource(seedOf(SEED, DIALECT_SEED[dialect], run, n + 1)),
        runTag,
      ),
    );
    await sleep(killAfter);
    if (!isServerProcess(server.pid)) throw new Error(`pid ${server.pid} is not the server's node process`);
    ledger.killed = true;
    const inFlightAtKill = ledger.pending.size;
    process.kill(server.pid, 'SIGKILL');
    await Promise.all(writers);
    await server.stop(); // reaps the killed process
    const killedOutput = server.output();
    server = undefined;

    // The restart, timed until /api/health answers (polled every 100 ms by startServer).
    const restartStarted = performance.now();
    server = await startServer(target.env);
    const restartMs = Math.round(performance.now() - restartStarted);
    const checked = await verify(client(server.url, await login(server.url)), ledger);
    await server.stop();
    const restartOutput = server.output();
    server = undefined;
    const problems = await integrity(dialect, target);

    const count = (outcome) => ledger.writes.filter((w) => w.outcome === outcome).length;
    const result = {
      dialect,
      run,
      killAfterMs: killAfter,
      writes: ledger.writes.length,
      acknowledged: count('acked'),
      acknowledgedBeforeClock: setupWrites,
      answeredAfterKill: ledger.writes.filter((w) => w.answeredAfterKill).length,
      inFlightAtKill,
      // The writes in flight that never got an answer: found whole after the restart, or absent.
      unansweredLanded: ledger.writes.filter((w) => w.outcome === 'inflight' && w.landed).length,
      unansweredAbsent: ledger.writes.filter((w) => w.outcome === 'inflight' && !w.landed).length,
      refused: count('refused'),
      refusedStatuses: Object.fromEntries(
        [...new Set(ledger.writes.filter((w) => w.outcome === 'refused').map((w) => w.status))].map((s) => [
          s,
          ledger.writes.filter((w) => w.status === s).length,
        ]),
      ),
      server5xx: count('server-error'),
      failedBeforeKill: count('failed'),
      lost: checked.lost.length,
      halfWritten: checked.half.length,
      partsStored: checked.partsStored,
      restartMs,
      integrity: problems.length === 0 ? 'ok' : problems.join('; '),
      details: {
        lost: checked.lost,
        halfWritten: checked.half,
        serverErrors: ledger.writes
          .filter((w) => w.outcome === 'server-error')
          .map((w) => ({ kind: w.kind, status: w.status, error: w.error })),
        failedBeforeKill: ledger.writes
          .filter((w) => w.outcome === 'failed')
          .map((w) => ({ kind: w.kind, error: w.error })),
        // The servers' own warnings and errors (LOG_LEVEL=warn), for a run that went wrong.
        serverLog: `${killedOutput}${restartOutput}`.slice(-4000),
      },
    };
    return result;
  } finally {
    await server?.stop();
    await target.drop();
  }
}

/** The table of one database's runs, with a line of totals. */
function printTable(rows) {
  const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
  const line = (r) =>
    `| ${r.run} | ${r.killAfterMs} | ${r.writes} | ${r.acknowledged} | ${r.inFlightAtKill} | ` +
    `${r.answeredAfterKill} | ${r.unansweredLanded} · ${r.unansweredAbsent} | ${r.lost} | ${r.halfWritten} | ` +
    `${r.refused} | ${r.server5xx} | ${r.restartMs} | ${r.integrity} |`;
  console.log(
    '\n| run | kill after ms | writes sent | acknowledged | in flight at kill | answered after the kill | ' +
      'unanswered: landed · absent | lost | half-written | refused 4xx | 5xx | restart to ready ms | integrity |\n' +
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const row of rows) console.log(line(row));
  const restarts = rows.map((row) => row.restartMs);
  console.log(
    line({
      run: 'all',
      killAfterMs: '',
      ...Object.fromEntries(
        [
          'writes',
          'acknowledged',
          'inFlightAtKill',
          'answeredAfterKill',
          'unansweredLanded',
          'unansweredAbsent',
          'lost',
          'halfWritten',
          'refused',
          'server5xx',
        ].map((key) => [key, sum(key)]),
      ),
      restartMs: `${Math.min(...restarts)}–${Math.max(...restarts)}`,
      integrity: rows.every((row) => row.integrity === 'ok') ? 'ok' : 'PROBLEMS',
    }),
  );
}

const results = [];
let failed = false;
for (const dialect of DIALECTS) {
  console.log(`\n[${dialect}: ${RUNS} runs, ${WRITERS} writers, SIGKILL after ${MIN_DELAY}–${MAX_DELAY} ms]`);
  const rows = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const row = await crashRun(dialect, run);
    rows.push(row);
    results.push(row);
    const bad =
      row.lost > 0 ||
      row.halfWritten > 0 ||
      row.server5xx > 0 ||
      row.failedBeforeKill > 0 ||
      row.integrity !== 'ok';
    failed ||= bad;
    process.stdout.write(
      `  run ${run}: ${row.acknowledged} acknowledged, ${row.inFlightAtKill} in flight, ${bad ? 'PROBLEMS' : 'ok'}\n`,
    );
    for (const line of [...row.details.lost, ...row.details.halfWritten].slice(0, 10))
      console.log(`    ${line}`);
  }
  printTable(rows);
}

fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const out = new URL(
  `./results/crash-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  import.meta.url,
);
fs.writeFileSync(
  out,
  JSON.stringify(
    { runs: RUNS, writers: WRITERS, seed: SEED, delay: [MIN_DELAY, MAX_DELAY], results },
    null,
    2,
  ),
);
console.log(`\nwritten ${path.relative(process.cwd(), out.pathname)}`);
if (failed) {
  console.error(
    '\nFAILED: an acknowledged write was lost, a write was half made, a 5xx was answered, or a check found corruption.',
  );
  process.exit(1);
}
