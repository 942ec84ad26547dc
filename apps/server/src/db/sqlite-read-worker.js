// A reader of the SQLite file on its own thread: runs the SELECTs the main thread sends, on its
// own read-only connection (WAL lets it read while the main connection writes), so a long search
// or export never holds the event loop. Plain JavaScript: a worker thread cannot load TypeScript.
// The messages are described in sqlite-read-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

if (!parentPort) throw new Error('sqlite-read-worker must run in a worker thread');
const port = parentPort;

/** @type {{ file: string, busyTimeoutMs: number, statementCacheSize: number }} */
const options = workerData;
const db = new Database(options.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${Number(options.busyTimeoutMs)}`);
db.pragma('query_only = 1');

/** Prepared statements by SQL text, least recently used first. */
/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();

/** @param {string} sql */
function statement(sql) {
  const cached = statements.get(sql);
  if (cached && !cached.busy) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const prepared = db.prepare(sql);
  if (!prepared.reader)
    throw Object.assign(new Error('the read pool only runs queries that return rows'), {
      code: 'READ_POOL_NOT_A_READ',
    });
  if (!cached) {
    statements.set(sql, prepared);
    if (statements.size > options.statementCacheSize) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
  }
  return prepared;
}

/** Open cursors of streamed queries, by request id. */
/** @type {Map<number, { rows: IterableIterator<unknown>, chunkSize: number }>} */
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
  port.postMessage({ id, rows, done });
}

port.on('message', (/** @type {any} */ message) => {
  const { id } = message;
  try {
    switch (message.type) {
      case 'all':
        port.postMessage({ id, rows: statement(message.sql).all(message.parameters), done: true });
        break;
      case 'iterate':
        cursors.set(id, {
          rows: statement(message.sql).iterate(message.parameters),
          chunkSize: message.chunkSize,
        });
        sendChunk(id);
        break;
      case 'next':
        sendChunk(id);
        break;
      case 'cancel':
        cursors.get(id)?.rows.return?.();
        cursors.delete(id);
        break;
      default:
        throw new Error(`unknown message ${String(message.type)}`);
    }
  } catch (error) {
    cursors.delete(id);
    port.postMessage({ id, error: describe(error), done: true });
  }
});
