// Benchmark plumbing: the built server as a child process on a free 127.0.0.1 port, a keep-alive
// HTTP client that counts bytes without keeping them, the server's memory, a run's copy of a
// cached PostgreSQL warehouse, the part the creates send, and statistics.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './seed.mjs';

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request; resolves once the whole body has arrived, with its size (bytes are counted, not
 * stored, so a 50 MB stream costs the client nothing) and the elapsed milliseconds. `via`: an
 * agent of the caller's, for requests that must not wait for the shared connection.
 */
export function request(baseUrl, pathname, { method = 'GET', headers = {}, body, via = agent } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(new URL(pathname, baseUrl), { method, headers, agent: via }, (res) => {
      let bytes = 0;
      let text = '';
      const keepText = !String(res.headers['content-type'] ?? '').startsWith('text/csv');
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (keepText && text.length < 4096) text += chunk.toString();
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          ms: performance.now() - started,
          text,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Current and peak resident memory of a process, in MiB (Linux /proc; null elsewhere). */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: +(kb('VmRSS') / 1024).toFixed(1), peakMiB: +(kb('VmHWM') / 1024).toFixed(1) };
  } catch {
    return null;
  }
}

/** Resets the peak-RSS counter of a child we started (Linux), so the next peak is the stream's own. */
export function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Starts apps/server/dist/server.js with `env` on a free port; resolves when /api/health answers. */
export async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SIGNUP: 'open',
      // The server's tuning, when the caller's shell sets it (SQLITE_SYNCHRONOUS=normal npm run bench,
      // PG_READERS=10 npm run bench).
      ...Object.fromEntries(
        ['SQLITE_SYNCHRONOUS', 'SQLITE_READERS', 'PG_READERS']
          .filter((name) => process.env[name] !== undefined)
          .map((name) => [name, process.env[name]]),
      ),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A copy of an older warehouse is migrated before the server listens: at 10^6 parts rebuilding
  // the SQLite search index (migration 021) alone takes about a minute.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await request(url, '/api/health')).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    stop: async () => {
      agent.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs up a throw-away user and returns its cookie header; '' when there is no signup route. */
export async function signIn(url) {
  const email = `bench-${Date.now()}@example.test`;
  const res = await request(url, '/api/users/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password-di-benchmark', username: 'Benchmark' }),
  });
  if (res.status === 404) return '';
  if (res.status !== 201 && res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  return setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The body of a create in the benchmarks: one kind of part, `codice` making each its own. */
export function benchPart(codice) {
  return JSON.stringify({
    nome: 'Faro anteriore',
    descrizione: 'Benchmark',
    categoria: 'Illuminazione',
    codice,
    condizione: 'Buona',
    peso: 1.5,
    scaffale: 'Z',
    campata: '1',
    ripiano: '2',
    cassetta: '3',
    marca: 'Fiat',
    modello: 'Punto',
    versione: '1.2',
    annoImmatricolazione: '2010',
  });
}

/**
 * A run's copy of the cached PostgreSQL warehouse `template` as database `name` (replacing one
 * left by a stopped run), ready to measure; `drop` removes it. `adminUrl` reaches the server as a
 * superuser.
 */
export async function postgresCopy(adminUrl, template, name) {
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${template}`);
    // The seed's bulk inserts leave the count tables kept by triggers (a few hundred live rows)
    // spread over megabytes of dead row versions (5.4 MB for the 10 rows of part_category_counts at
    // 10^5), which a yard's own writes, each in its own transaction, leave to pruning and
    // autovacuum: every count then read them all (0.35 ms instead of 0.02). Compact them first.
    const run = new pg.Client({ connectionString: url });
    await run.connect();
    await run.query('vacuum full analyze part_category_counts, part_condition_counts, part_seq_blocks');
    await run.end();
    // PostgreSQL 15 writes the copied database into its WAL: without a checkpoint now, one runs
    // during the first scenarios and takes the cores from them. It needs a superuser (or, from 15,
    // pg_checkpoint): without one, the run goes on and is noisier.
    await admin.query('checkpoint').catch((error) => console.log(`  no checkpoint: ${error.message}`));
  } finally {
    await admin.end();
  }
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Median, 95th and 99th percentiles and extremes of a list of milliseconds. */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (n) => Math.round(n * 10) / 10;
  return {
    n: sorted.length,
    median: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    min: round(sorted[0]),
    max: round(sorted.at(-1)),
  };
}
