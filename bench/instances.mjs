// One app instance against two, on one PostgreSQL database and one S3 bucket: the throughput of a
// clerks' mixed read/write load, first on one instance, then split over two (docs/deploy.md).
//
//   npm run build
//   node bench/instances.mjs [--count 100000] [--duration 20] [--connections 20]
//
// The parts are seeded once into a cached PostgreSQL database (magazzino_bench_instances_<n>_v1)
// and each phase runs on a fresh copy of it. Photos go to an S3-protocol server (s3rver) started
// here on 127.0.0.1. Load: autocannon, `--connections` in all (split evenly over the instances),
// each request drawn from a fixed mix: searches, pages, one part, categories, edits, creates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import S3rver from 's3rver';
import { signIn, startServer } from './harness.mjs';
import { requireBuiltServer, seedParts } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
  },
});
const COUNT = Number(args.count);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUCKET = 'magazzino-bench';
const url = (name) => Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${name}` }).toString();

requireBuiltServer();

async function admin(statements) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const results = [];
    for (const statement of statements) results.push(await client.query(statement));
    return results;
  } finally {
    await client.end();
  }
}

/** The cached seeded database, made on first use. */
async function seededTemplate() {
  const name = `magazzino_bench_instances_${COUNT}_v1`;
  const [exists] = await admin([`select 1 from pg_database where datname = '${name}'`]);
  if (exists.rowCount === 0) {
    await admin([`create database ${name}`]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-bench-seed-'));
    console.log(`seeding ${COUNT} parts into PostgreSQL...`);
    const result = await seedParts({ dataDir, databaseUrl: url(name), count: COUNT });
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`seeded in ${(result.ms / 1000).toFixed(1)} s`);
  }
  return name;
}

/** Words clerks search for (the demo generator's), for varied searches. */
const WORDS = ['faro', 'paraurti', 'specchietto', 'motorino', 'alternatore', 'radiatore', 'porta', 'cofano'];
const MAKES = ['fiat', 'volkswagen', 'renault', 'ford', 'opel', 'peugeot', 'toyota', 'citroen'];

const editBody = (i) => JSON.stringify({ peso: 1 + (i % 50) / 10 });
const createBody = (i) =>
  JSON.stringify({
    nome: `Faro banco ${i}`,
    descrizione: 'Creato dal banco di prova delle istanze',
    categoria: 'Carrozzeria',
    codice: `BENCH-${process.pid}-${i}`,
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
  });

/** The mix: what share of requests each action takes (out of 100). */
function mixedRequest(i, ids) {
  const slot = i % 100;
  const id = ids[i % ids.length];
  if (slot < 35) {
    const nome = WORDS[i % WORDS.length];
    const marca = MAKES[Math.floor(i / WORDS.length) % MAKES.length];
    return { method: 'GET', path: `/api/componenti?nome=${nome}&marca=${marca}&limit=20` };
  }
  if (slot < 45) return { method: 'GET', path: `/api/componenti?q=${WORDS[i % WORDS.length]}&limit=20` };
  if (slot < 60) return { method: 'GET', path: `/api/componenti?limit=20&offset=${(i * 37) % 2000}` };
  if (slot < 80) return { method: 'GET', path: `/api/componenti/${id}` };
  if (slot < 88) return { method: 'GET', path: '/api/componenti/categorie' };
  if (slot < 96) return { method: 'PATCH', path: `/api/componenti/modifica/${id}`, body: editBody(i) };
  return { method: 'POST', path: '/api/componenti/crea-componente', body: createBody(i) };
}

/** Answers by status, across every phase's requests (a non-2xx is printed once per status). */
const statuses = {};

function load(server, cookie, ids, connections, offset) {
  let next = offset;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: DURATION,
        requests: [
          {
            setupRequest: (req) => {
              next += 1;
              const { method, path: pathname, body } = mixedRequest(next, ids);
              // Every field set each time: autocannon hands back the previous request's fields,
              // and a GET that kept a write's body and length would be a malformed request.
              return {
                ...req,
                method,
                path: pathname,
                body,
                headers: body
                  ? { cookie, origin: server.url, 'content-type': 'application/json' }
                  : { cookie, origin: server.url },
              };
            },
            onResponse: (status, body) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (status >= 300 && statuses[status] === 1)
                console.log(`  first ${status}: ${body.slice(0, 200)}`);
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

async function phase(instances, template, s3Env) {
  const runName = `magazzino_bench_instances_run_${process.pid}`;
  await admin([
    `drop database if exists ${runName} with (force)`,
    `create database ${runName} template ${template}`,
  ]);
  const servers = [];
  try {
    for (let i = 0; i < instances; i += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-bench-'));
      servers.push({
        dataDir,
        ...(await startServer({ DATA_DIR: dataDir, DATABASE_URL: url(runName), ...s3Env })),
      });
    }
    // One session, opened on the first instance, used on all of them.
    const cookie = await signIn(servers[0].url);
    const sample = await fetch(`${servers[0].url}/api/componenti?limit=100&offset=${Math.floor(COUNT / 3)}`, {
      headers: { cookie },
    });
    const ids = (await sample.json()).map((part) => part._id);
    const share = Math.floor(CONNECTIONS / instances);
    const results = await Promise.all(
      servers.map((server, i) => load(server, cookie, ids, share, i * 1_000_000)),
    );
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    console.log('  answers by status:', { ...statuses });
    for (const key of Object.keys(statuses)) delete statuses[key];
    return {
      instances,
      reqPerSec: Math.round(requests / DURATION),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };
  } finally {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await admin([`drop database if exists ${runName} with (force)`]);
  }
}

const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-bench-s3-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: bucketDir,
  silent: true,
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
try {
  const { port } = await s3.run();
  const s3Env = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const template = await seededTemplate();
  console.log(
    `${COUNT} parts, ${CONNECTIONS} connections in all, ${DURATION} s per phase, ${os.cpus().length} cores`,
  );
  const rows = [];
  for (const instances of [1, 2]) {
    rows.push(await phase(instances, template, s3Env));
    console.log(rows.at(-1));
  }
  console.log('\n| instances | req/s | p50 ms | p99 ms | errors |\n|---:|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.instances} | ${row.reqPerSec} | ${row.p50} | ${row.p99} | ${row.errors} |`);
} finally {
  await s3.close();
  fs.rmSync(bucketDir, { recursive: true, force: true });
}
