// `node bench/import.mjs [--rows 100000] [--dialects sqlite,postgres]`
//
// The import benchmark: for each database, starts the BUILT server on a fresh one and, through
// the API as the web does (upload → esegui → poll the summary until completato), imports
// `--rows` generated parts from a CSV, then exports every part as XLSX, then imports the same
// number again from an XLSX made with exceljs. For each it prints the time, the server's peak RSS
// and, while the import runs, the latency of a small list request asked every 200 ms (the event
// loop must keep answering). Writes JSON to bench/results/. Needs `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { memoryOf, request, resetPeak, signIn, startServer, stats } from './harness.mjs';
import { requireBuiltServer, ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    dialects: { type: 'string', default: 'sqlite' },
  },
});
const ROWS = Number(args.rows);
const DIALECTS = args.dialects.split(',');
const PG_ADMIN_URL = process.env.PG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

try {
  requireBuiltServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const HEADER = [
  'Nome',
  'Categoria',
  'Codice',
  'Condizione',
  'Peso (Kg)',
  'Prezzo',
  'Scaffale',
  'Campata',
  'Ripiano',
  'Cassetta',
  'Marca',
  'Modello',
  'Versione',
  'Anno',
];
const NAMES = [
  'Faro anteriore',
  'Alternatore',
  'Specchietto destro',
  'Portiera posteriore',
  'Motorino avviamento',
];
const CATEGORIES = ['Illuminazione', 'Motore', 'Carrozzeria', 'Elettrico', 'Freni', 'Sospensioni'];
const MAKES = [
  ['Fiat', 'Punto'],
  ['Volkswagen', 'Golf'],
  ['Renault', 'Clio'],
  ['Ford', 'Fiesta'],
];

/** Row i of the generated file (text as a clerk types it; numbers as numbers when `numeric`). */
function row(i, prefix, numeric) {
  const [marca, modello] = MAKES[i % MAKES.length];
  const peso = 0.5 + (i % 40) / 4;
  const prezzo = 10 + (i % 300);
  return [
    `${NAMES[i % NAMES.length]} ${i}`,
    CATEGORIES[i % CATEGORIES.length],
    `${prefix}-${i}`,
    i % 3 === 0 ? 'Buona' : 'Ottima',
    numeric ? peso : String(peso).replace('.', ','),
    numeric ? prezzo : `${prezzo},50`,
    String.fromCharCode(65 + (i % 20)),
    String(i % 10),
    String(i % 6),
    String(i % 12),
    marca,
    modello,
    i % 2 === 0 ? '1.2 8V' : '',
    numeric ? 1995 + (i % 30) : String(1995 + (i % 30)),
  ];
}

function csvFile(count) {
  const lines = [HEADER.join(';')];
  for (let i = 0; i < count; i += 1) lines.push(row(i, 'CSV', false).join(';'));
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n');
}

async function xlsxFile(count) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Componenti');
  sheet.addRow(HEADER);
  for (let i = 0; i < count; i += 1) sheet.addRow(row(i, 'XLSX', true));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function api(server, cookie, pathname, { method = 'GET', body, form } = {}) {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Upload → esegui → poll; times each step, samples the server's memory and a list request meanwhile. */
async function importFile(server, cookie, bytes, name) {
  resetPeak(server.pid);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const summary = await api(server, cookie, '/api/importazioni', { method: 'POST', form });
  const uploadMs = performance.now() - started;
  const runStarted = performance.now();
  await api(server, cookie, `/api/importazioni/${summary._id}/esegui`, {
    method: 'POST',
    body: { mappatura: summary.mappatura, modalita: 'crea' },
  });
  const latencies = [];
  let done;
  for (;;) {
    const probe = await request(server.url, '/api/componenti?limit=20', { headers: { cookie } });
    latencies.push(probe.ms);
    done = await api(server, cookie, `/api/importazioni/${summary._id}`);
    if (done.stato !== 'in_corso') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const runMs = performance.now() - runStarted;
  if (done.stato !== 'completato') throw new Error(`import ${name}: ${done.stato} ${done.errore}`);
  return {
    file: name,
    mb: +(bytes.length / 1e6).toFixed(1),
    rows: summary.righe,
    imported: done.importate,
    refused: done.scartate,
    uploadMs: Math.round(uploadMs),
    runMs: Math.round(runMs),
    totalMs: Math.round(uploadMs + runMs),
    rowsPerSecond: Math.round(done.importate / ((uploadMs + runMs) / 1000)),
    listDuringImportMs: stats(latencies),
    rssPeakMiB: memoryOf(server.pid)?.peakMiB ?? null,
  };
}

async function freshDatabase(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-bench-import-'));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `magazzino_bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

console.log(`Generating ${ROWS} rows as CSV and as XLSX…`);
const csv = csvFile(ROWS);
const xlsx = await xlsxFile(ROWS);
console.log(`CSV ${(csv.length / 1e6).toFixed(1)} MB, XLSX ${(xlsx.length / 1e6).toFixed(1)} MB`);

const results = [];
for (const dialect of DIALECTS) {
  const database = await freshDatabase(dialect);
  const server = await startServer(database.env);
  try {
    const cookie = await signIn(server.url);
    const fromCsv = await importFile(server, cookie, csv, 'componenti.csv');
    resetPeak(server.pid);
    const before = memoryOf(server.pid);
    const exported = await request(server.url, '/api/componenti/export.xlsx', { headers: { cookie } });
    if (exported.status !== 200) throw new Error(`export.xlsx: ${exported.status}`);
    const exportRow = {
      parts: fromCsv.imported,
      ms: Math.round(exported.ms),
      mb: +(exported.bytes / 1e6).toFixed(1),
      rssBeforeMiB: before?.rssMiB ?? null,
      rssPeakMiB: memoryOf(server.pid)?.peakMiB ?? null,
    };
    const fromXlsx = await importFile(server, cookie, xlsx, 'componenti.xlsx');
    const result = { dialect, rows: ROWS, csvImport: fromCsv, xlsxExport: exportRow, xlsxImport: fromXlsx };
    results.push(result);
    console.log(`\n${dialect}, ${ROWS} rows`);
    for (const [label, r] of [
      ['CSV import', fromCsv],
      ['XLSX import', fromXlsx],
    ]) {
      console.log(
        `${label}: ${r.mb} MB, upload ${r.uploadMs} ms + run ${r.runMs} ms = ${r.totalMs} ms ` +
          `(${r.rowsPerSecond} rows/s); list during import median ${r.listDuringImportMs.median} ms, ` +
          `p95 ${r.listDuringImportMs.p95} ms, max ${r.listDuringImportMs.max} ms; server RSS peak ${r.rssPeakMiB} MiB`,
      );
    }
    console.log(
      `XLSX export of ${exportRow.parts} parts: ${exportRow.ms} ms, ${exportRow.mb} MB; ` +
        `server RSS ${exportRow.rssBeforeMiB} MiB before, peak ${exportRow.rssPeakMiB} MiB`,
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}

const out = path.join(ROOT, 'bench/results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2),
);
console.log(`\n${file}`);
