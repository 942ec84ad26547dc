// A reader of the SQLite file on its own thread: runs the SELECTs the main thread sends, on its
// own read-only connection (WAL lets it read while the main connection writes), so a long search
// or export never holds the event loop. Plain JavaScript: a worker thread cannot load TypeScript.
// The messages are described in sqlite-read-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { renderRecords } from '../lib/csv.js';
import Database from './sqlite-driver.js';

if (!parentPort) throw new Error('sqlite-read-worker must run in a worker thread');
const port = parentPort;

/** @type {{ file: string, busyTimeoutMs: number, statementCacheSize: number, cacheSizeKib: number }} */
const options = workerData;
const db = new Database(options.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${Number(options.busyTimeoutMs)}`);
db.pragma('query_only = 1');
// Negative: a size in KiB rather than in pages.
db.pragma(`cache_size = -${Number(options.cacheSizeKib)}`);

/**
 * A prepared statement and the names of its columns. Rows travel as arrays, with the names once
 * per reply: better-sqlite3 builds arrays several times faster than objects, and they are
 * cheaper to copy to the main thread, which turns them back into objects. `asJson` is the same
 * query with each row as one JSON text (`jsonStatement`): null when it has none, undefined until
 * a read asks for it.
 * @typedef {{
 *   prepared: import('better-sqlite3').Statement,
 *   columns: string[],
 *   asJson?: import('better-sqlite3').Statement | null,
 * }} Prepared
 */

/** Prepared statements by SQL text, least recently used first. */
/** @type {Map<string, Prepared>} */
const statements = new Map();

/**
 * @param {string} sql
 * @returns {Prepared}
 */
function statement(sql) {
  const cached = statements.get(sql);
  if (cached && !cached.prepared.busy) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const prepared = db.prepare(sql);
  if (!prepared.reader) {
    throw Object.assign(new Error('the read pool only runs queries that return rows'), {
      code: 'READ_POOL_NOT_A_READ',
    });
  }
  const entry = { prepared: prepared.raw(true), columns: prepared.columns().map((column) => column.name) };
  if (!cached) {
    statements.set(sql, entry);
    if (statements.size > options.statementCacheSize) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
  }
  return entry;
}

/**
 * True when JSON carries every value of `rows` unchanged: text, finite numbers and nulls, what
 * the app's tables hold (a BLOB, a BigInt or an infinite REAL would not survive it).
 * @param {unknown[]} rows raw rows: each an array of values
 */
function jsonSafe(rows) {
  for (const row of rows) {
    for (const value of /** @type {unknown[]} */ (row)) {
      if (
        value !== null &&
        typeof value !== 'string' &&
        !(typeof value === 'number' && Number.isFinite(value))
      ) {
        return false;
      }
    }
  }
  return true;
}

/**
 * The rows of a reply, as one JSON text when it carries them unchanged. Parsing JSON costs the
 * main thread a fraction of reading the same rows out of a structured clone (20 rows of the parts
 * table: ~35 µs against ~115 µs), and the main thread is the one every request shares.
 * @param {unknown[]} rows raw rows: each an array of values
 * @returns {{ json: string } | { rows: unknown[] }}
 */
function rowsOf(rows) {
  return rows.length > 0 && jsonSafe(rows) ? { json: JSON.stringify(rows) } : { rows };
}

/**
 * Rows of at least this many values are read as JSON built by SQLite (`jsonStatement`). A value
 * costs this thread a JavaScript value and then its part of JSON.stringify; a row read as JSON
 * costs one string. Measured at 10^5 parts: a page of 20 parts (38 columns) 423 → 136 µs, 2,000
 * rows of 17 columns 12.4 → 8.7 ms, 20 rows of 2 columns 34 µs either way.
 */
const JSON_ROW_MIN_COLUMNS = 5;

/**
 * The query of `sql` with each row as one JSON array built by SQLite's json_array, beside
 * whether the row holds a BLOB (JSON cannot carry one: the read is then done again as plain
 * values; json_array refuses most BLOBs, but would read some as SQLite's binary JSON). Text,
 * integers and finite REALs come back from JSON.parse as the driver gives them (a REAL with its
 * 17 digits; SQLite writes an infinite one as 9e999, which JSON.parse reads as Infinity). The
 * subquery keeps its order: SQLite leaves the ORDER BY of a FROM-clause subquery in force when it
 * is the only table and the outer query neither orders nor aggregates.
 * Null when the rows are narrow (nothing to gain) or their column names repeat (the outer query
 * could not name each one).
 * @param {string} sql
 * @param {string[]} columns
 * @returns {import('better-sqlite3').Statement | null}
 */
function jsonStatement(sql, columns) {
  if (columns.length < JSON_ROW_MIN_COLUMNS || new Set(columns).size !== columns.length) return null;
  const names = columns.map((name) => `"${name.replaceAll('"', '""')}"`);
  const blob = names.map((name) => `typeof(${name}) = 'blob'`).join(' or ');
  try {
    // The line break ends a `--` comment the query may close with.
    return db.prepare(`select json_array(${names.join(', ')}), ${blob} from (${sql}\n)`).raw(true);
  } catch {
    return null;
  }
}

/**
 * The rows of a read, for a reply: as SQLite's JSON where the statement has it and no row holds
 * a BLOB, else as `rowsOf` gives them.
 * @param {Prepared} entry
 * @param {unknown[]} parameters
 * @returns {{ json: string } | { rows: unknown[] }}
 */
function readRows(entry, parameters) {
  if (entry.asJson === undefined) entry.asJson = jsonStatement(entry.prepared.source, entry.columns);
  if (entry.asJson) {
    /** @type {[string, number][] | undefined} */
    let rows;
    try {
      rows = /** @type {[string, number][]} */ (entry.asJson.all(parameters));
    } catch (error) {
      // json_array refuses most BLOBs outright ("JSON cannot hold BLOB values"): the plain read
      // below gives the rows. Any other error is the query's own, and running it again would only
      // cost its time twice (a busy file waits out busy_timeout).
      if (!(error instanceof Error && /\bJSON\b/.test(error.message))) throw error;
    }
    if (rows?.length === 0) return { rows: [] };
    if (rows?.every((row) => !row[1])) return { json: `[${rows.map((row) => row[0]).join(',')}]` };
  }
  return rowsOf(entry.prepared.all(parameters));
}

/** Open cursors of streamed queries, by request id. */
/** @type {Map<number, { columns: string[], rows: IterableIterator<unknown>, chunkSize: number }>} */
const cursors = new Map();

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error) {
    return { message: error.message, code: /** @type {{ code?: unknown }} */ (error).code };
  }
  return { message: String(error), code: undefined };
}

/** @param {number} id */
function sendChunk(id) {
  const cursor = cursors.get(id);
  if (!cursor) return;
  const rows = [];
  let done = false;
  while (rows.length < cursor.chunkSize) {
    const next = cursor.rows.next();
    if (next.done) {
      done = true;
      break;
    }
    rows.push(next.value);
  }
  if (done) cursors.delete(id);
  port.postMessage({ id, columns: cursor.columns, ...rowsOf(rows), done });
}

port.on('message', (/** @type {any} */ message) => {
  const { id } = message;
  try {
    switch (message.type) {
      case 'all': {
        const entry = statement(message.sql);
        port.postMessage({ id, columns: entry.columns, ...readRows(entry, message.parameters), done: true });
        break;
      }
      case 'csv': {
        // The rows rendered here as CSV records, or as the Excel export's JSON (an export's chunk):
        // the main thread receives one string instead of every value of every row, and has
        // nothing left to format.
        const { prepared, columns } = statement(message.sql);
        const rows = /** @type {unknown[][]} */ (prepared.all(message.parameters));
        const last = rows.at(-1);
        port.postMessage({
          id,
          columns,
          text: renderRecords(rows, columns, message.cells, message.format),
          count: rows.length,
          ...(last ? { rows: [last] } : {}),
          done: true,
        });
        break;
      }
      case 'iterate': {
        const { prepared, columns } = statement(message.sql);
        cursors.set(id, {
          columns,
          rows: prepared.iterate(message.parameters),
          chunkSize: message.chunkSize,
        });
        sendChunk(id);
        break;
      }
      case 'next':
        sendChunk(id);
        break;
      case 'cancel':
        cursors.get(id)?.rows.return?.();
        cursors.delete(id);
        break;
      case 'close':
        // The pool is closing (see ReadWorker.stop): statements and connection closed here, then
        // the port, which leaves the thread nothing to wait for: it ends on its own.
        for (const cursor of cursors.values()) cursor.rows.return?.();
        cursors.clear();
        statements.clear();
        db.close();
        port.close();
        break;
      default:
        throw new Error(`unknown message ${String(message.type)}`);
    }
  } catch (error) {
    cursors.delete(id);
    port.postMessage({ id, error: describe(error), done: true });
  }
});
