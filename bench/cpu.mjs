// `node bench/cpu.mjs --scenario <name> [--dialect postgres] [--size 100000] [--duration 10]
//   [--runs 2] [--env NAME=value]... [--compare NAME=value]...`
//
// One scenario of `npm run bench`, and what each request cost: req/s and latency at 10 clients,
// and the CPU time the server process and (on PostgreSQL) every PostgreSQL process used per request,
// read from /proc before and after the load. With `--compare`, each run is made twice, once with the
// server's environment as given and once with the `--compare` variables added, the order of the
// pair swapped every other run, so that a machine whose speed drifts does not favour either side.
// Works on a copy of the warehouse `npm run bench -- --seed-only` cached; needs `npm run build`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchPart, postgresCopy, request, signIn, startServer } from './harness.mjs';
import { requireBuiltServer } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'nome-marca' },
    dialect: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    env: { type: 'string', multiple: true, default: [] },
    compare: { type: 'string', multiple: true, default: [] },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'magazzino-bench-cache') },
  },
});
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** NAME=value pairs as an object. */
function variables(list) {
  return Object.fromEntries(
    list.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`expected NAME=value, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

const list = (params) => `/api/componenti?${new URLSearchParams({ ...params, limit: '20' }).toString()}`;

/**
 * The scenarios: each a function of the request's number giving its method, path and body. The
 * searches are the kinds `npm run bench` varies; `short` and `pairs` are the terms its one-at-a-time
 * timings found slowest on PostgreSQL (bench/README.md, 2026-11-29, evening).
 */
const SCENARIOS = {
  'nome-marca': (i) => {
    const pairs = [
      ['faro', 'fiat'],
      ['pompa', 'volks'],
      ['centr', 'opel'],
      ['brac', 'ford'],
      ['porte', 'renault'],
    ];
    const [nome, marca] = pairs[i % pairs.length];
    return { path: list({ nome, marca }) };
  },
  word: (i) => {
    const words = ['faro', 'pompa', 'portellone', 'braccio', 'twingo', 'golf', 'punto', 'specchietto'];
    return { path: list({ q: words[i % words.length] }) };
  },
  short: (i) => {
    const terms = ['do', 'fe', 'ay', 'ki', 'v6', 'tu', 'yp', 'tw', 'ya', 'qu', 'bo', 'pa', 'c4', 'c3', 'br'];
    return { path: list({ q: terms[i % terms.length] }) };
  },
  pairs: (i) => {
    const pairs = ['corpo c3', 'testata c4', 'collettore 308', 'pompa 207', 'faro punto', 'disco panda'];
    return { path: list({ q: pairs[i % pairs.length] }) };
  },
  // The list's own screen, and `npm run bench`'s page at offset 50,000 (b).
  list: () => ({ path: list({}) }),
  // A category's own list, the ten of the demo's parts in turn.
  category: (i) => {
    const categories = [
      ...['Carrozzeria', 'Elettronica', 'Freni', 'Illuminazione', 'Interni'],
      ...['Motore', 'Raffreddamento', 'Scarico', 'Sospensioni', 'Trasmissione'],
    ];
    const categoria = categories[i % categories.length];
    return { path: `/api/componenti/singolacategoria/${categoria}?limit=20` };
  },
  // `npm run bench`'s exact location (d): the parts of one cassetta, twelve in turn.
  location: (i) => {
    const [scaffale, campata] = [['A', 'B', 'C', 'D'][i % 4], ['1', '2', '3'][Math.floor(i / 4) % 3]];
    return { path: `/api/componenti/magazzino/${scaffale}/${campata}/2/3?limit=20` };
  },
  offset: () => ({ path: list({ offset: '50000' }) }),
  create: (i) => ({ method: 'POST', path: '/api/componenti/crea-componente', body: benchPart(`CPU-${i}`) }),
  'by-id': (_i, id) => ({ path: `/api/componenti/${id}` }),
};

/** Clock ticks (utime + stime) of process `pid`, or 0 when it has gone. */
function ticksOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Ticks of every process named postgres (the server's backends, workers and helpers). */
function postgresTicks() {
  let pids = [];
  try {
    pids = execFileSync('pgrep', ['-x', 'postgres']).toString().split('\n').filter(Boolean);
  } catch {
    // none running: pgrep exits 1
  }
  return pids.reduce((sum, pid) => sum + ticksOf(pid), 0);
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A copy of the cached warehouse for one run, and how to drop it. */
async function warehouseCopy() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-cpu-'));
  if (args.dialect === 'sqlite') {
    const cached = path.join(args.cache, `sqlite-${args.size}-v2`, 'magazzino.sqlite');
    if (!fs.existsSync(cached))
      throw new Error(`no cached warehouse at ${cached}: npm run bench -- --seed-only`);
    fs.copyFileSync(cached, path.join(dataDir, 'magazzino.sqlite'));
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = await postgresCopy(
    PG_ADMIN_URL,
    `magazzino_bench_postgres_${Number(args.size)}_v2`,
    `magazzino_cpu_${process.pid}`,
  );
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: copy.url },
    drop: async () => {
      await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One run of the scenario on a fresh copy, the server started with `env` added. */
async function measure(scenario, env) {
  const copy = await warehouseCopy();
  const server = await startServer({ ...copy.env, ...env });
  try {
    const cookie = await signIn(server.url);
    const first = await request(server.url, list({}), { headers: { cookie } });
    const id = JSON.parse(first.text)[0]?._id;
    let next = 0;
    const before = { server: ticksOf(server.pid), postgres: postgresTicks() };
    const result = await autocannon({
      url: server.url,
      connections: Number(args.connections),
      duration: Number(args.duration),
      headers: { cookie, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => {
            const { method = 'GET', path: pathname, body } = scenario(next, id);
            next += 1;
            return { ...req, method, path: pathname, ...(body ? { body } : {}) };
          },
        },
      ],
    });
    const requests = Math.max(1, result.requests.total);
    const ms = (ticks) => ((ticks / TICKS_PER_SECOND / requests) * 1000).toFixed(3);
    return {
      reqPerSec: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      failed: result.errors + result.timeouts + result.non2xx,
      serverCpuMs: ms(ticksOf(server.pid) - before.server),
      postgresCpuMs: args.dialect === 'postgres' ? ms(postgresTicks() - before.postgres) : '-',
    };
  } finally {
    await server.stop();
    await copy.drop();
  }
}

try {
  requireBuiltServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const scenario = SCENARIOS[args.scenario];
if (!scenario) {
  console.error(`unknown scenario ${args.scenario}: one of ${Object.keys(SCENARIOS).join(', ')}`);
  process.exit(1);
}
const base = variables(args.env);
const compared = variables(args.compare);
const sides = Object.keys(compared).length > 0 ? [base, { ...base, ...compared }] : [base];
const label = (env) => (env === base ? 'as given' : args.compare.join(' '));
console.log(
  `${args.scenario}, ${args.dialect}, ${Number(args.size).toLocaleString('en-US')} parts, ` +
    `${args.connections} clients, ${args.duration} s a run`,
);
console.log(
  'run  side                      req/s  p50 ms  p99 ms  failed  server CPU ms/req  PostgreSQL CPU ms/req',
);
for (let run = 0; run < Number(args.runs); run += 1) {
  const order = run % 2 === 0 ? sides : [...sides].reverse();
  for (const env of order) {
    const row = await measure(scenario, env);
    console.log(
      `${String(run + 1).padEnd(4)} ${label(env).padEnd(24)} ${String(row.reqPerSec).padStart(6)}  ` +
        `${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${String(row.failed).padStart(6)}  ` +
        `${row.serverCpuMs.padStart(17)}  ${row.postgresCpuMs.padStart(21)}`,
    );
  }
}
