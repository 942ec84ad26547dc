// An export's reads of PostgreSQL on a thread of their own: runs the SELECTs the main thread sends
// on its own connections and renders their rows here, as CSV records or as the Excel export's
// JSON, so the driver's parsing of a million rows and their formatting never hold the event loop.
// Plain JavaScript: a worker thread cannot load TypeScript. The messages are described in
// pg-csv-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { runInBackground } from '../lib/background-thread.js';
import { renderRecordsOfObjects } from '../lib/csv.js';

if (!parentPort) throw new Error('pg-csv-worker must run in a worker thread');
const port = parentPort;
// An export no clerk waits on row by row: the threads answering requests get the cores first.
runInBackground();

// The main thread's parsers (db/dialect.ts): a row's keys come back as the numbers it compares.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * @type {{
 *   connectionString: string,
 *   connections: number,
 *   statementTimeoutMs: number | undefined,
 *   parallelWorkers: number,
 * }}
 */
const options = workerData;
const workers = Math.trunc(options.parallelWorkers);
const pool = new pg.Pool({
  connectionString: options.connectionString,
  max: options.connections,
  ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
  // As on the main thread's reader connections (db/dialect.ts), run before the first read.
  onConnect: (client) =>
    client
      .query(`set max_parallel_workers_per_gather = ${workers}`)
      .then(() => undefined)
      .catch((error) => port.postMessage({ type: 'connection-error', message: error.message })),
});
pool.on('connect', (client) => {
  client.on('error', (error) => port.postMessage({ type: 'connection-error', message: error.message }));
});
// An idle connection that broke (a restart of PostgreSQL): the pool drops it; the main thread logs it.
pool.on('error', (error) => port.postMessage({ type: 'connection-error', message: error.message }));

/**
 * @param {{ type: 'csv', id: number, sql: string, parameters: unknown[], cells: import('../lib/csv.js').CsvColumn[], format: import('../lib/csv.js').RecordFormat }
 *   | { type: 'close' }} request
 */
async function answer(request) {
  if (request.type === 'close') {
    await pool.end().catch(() => undefined);
    port.close();
    return;
  }
  try {
    const { rows } = await pool.query(request.sql, request.parameters);
    port.postMessage({
      type: 'csv',
      id: request.id,
      text: renderRecordsOfObjects(rows, request.cells, request.format),
      count: rows.length,
      last: rows.at(-1),
    });
  } catch (error) {
    const { message, code } = /** @type {{ message?: unknown, code?: unknown }} */ (error);
    port.postMessage({
      type: 'csv',
      id: request.id,
      error: { message: String(message), code: typeof code === 'string' ? code : undefined },
    });
  }
}

port.on('message', (request) => void answer(request));
