// The writer of the SQLite file on its own thread: runs the units of writes the main thread sends
// (db/sqlite-writer.ts), the units that arrive together in one transaction, each in a savepoint of
// its own, so the statements, their triggers (the search indexes, the counts) and the commit take
// this thread's time, not the event loop's. Plain JavaScript: a worker thread
// cannot load TypeScript. The messages are described in sqlite-writer.ts.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { registerSearchWords } from './search-words.js';
import Database from './sqlite-driver.js';

if (!parentPort) throw new Error('sqlite-write-worker must run in a worker thread');

/**
 * `port`: where the units arrive (its own channel, read without waiting while a transaction is
 * open); answers and 'close' travel on parentPort.
 * @type {{ file: string, busyTimeoutMs: number, synchronous: 'FULL' | 'NORMAL', statementCacheSize: number, maxUnits: number, port: import('node:worker_threads').MessagePort }}
 */
const options = workerData;
const { port } = options;
const db = new Database(options.file, { fileMustExist: true });
// The main connection set WAL mode (it is the file's, and lasts); these are the connection's own.
db.pragma('foreign_keys = ON');
db.pragma(`busy_timeout = ${Number(options.busyTimeoutMs)}`);
db.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
// The triggers of `parts` call it (migration 023).
registerSearchWords(db);

/** Prepared statements by SQL text, least recently used first. */
/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();

/** @param {string} sql */
function statement(sql) {
  const cached = statements.get(sql);
  if (cached) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const prepared = db.prepare(sql);
  statements.set(sql, prepared);
  if (statements.size > options.statementCacheSize) {
    const oldest = statements.keys().next().value;
    if (oldest !== undefined) statements.delete(oldest);
  }
  return prepared;
}

const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');

/**
 * @typedef {{ sql: string, parameters: unknown[] }} Statement
 * @typedef {{ id: number, statements: Statement[] }} Unit
 * @typedef {{ id: number, rows: unknown[] } | { id: number, error: { message: string, code?: unknown } }} UnitReply
 */

/**
 * Runs a unit's statements in order: the rows of the first (its RETURNING), others' rows dropped.
 * @param {Statement[]} unit
 */
function runStatements(unit) {
  /** @type {unknown[]} */
  let rows = [];
  unit.forEach(({ sql, parameters }, index) => {
    const prepared = statement(sql);
    if (prepared.reader) {
      const read = prepared.all(parameters);
      if (index === 0) rows = read;
    } else {
      prepared.run(parameters);
    }
  });
  return rows;
}

/** @param {unknown} error */
function errorOf(error) {
  return error instanceof Error
    ? { message: error.message, code: /** @type {{ code?: unknown }} */ (error).code }
    : { message: String(error) };
}

/**
 * A unit in a savepoint of the open transaction: rolled back alone when it fails.
 * @param {Unit} unit
 * @returns {UnitReply}
 */
function runUnit(unit) {
  db.exec('savepoint unit');
  try {
    const rows = runStatements(unit.statements);
    db.exec('release unit');
    return { id: unit.id, rows };
  } catch (error) {
    db.exec('rollback to unit');
    db.exec('release unit');
    return { id: unit.id, error: errorOf(error) };
  }
}

/**
 * Group commit: `first` and every unit that arrives while the transaction is open (read off the
 * port without waiting, up to options.maxUnits) in one transaction, each in a savepoint of its
 * own; answered together once committed. When the transaction itself fails (the lock not had
 * within busy_timeout, the commit), nothing of it is written and every unit gets that error.
 * @param {Unit} first
 * @returns {UnitReply[]}
 */
function runTogether(first) {
  const units = [first];
  /** @type {UnitReply[]} */
  const replies = [];
  try {
    begin.run();
    try {
      replies.push(runUnit(first));
      for (let next; units.length < options.maxUnits && (next = receiveMessageOnPort(port));) {
        const unit = /** @type {Unit} */ (next.message);
        units.push(unit);
        replies.push(runUnit(unit));
      }
      commit.run();
    } catch (error) {
      if (db.inTransaction) rollback.run();
      throw error;
    }
    return replies;
  } catch (error) {
    const failed = errorOf(error);
    return units.map((unit) => ({ id: unit.id, error: failed }));
  }
}

port.on('message', (/** @type {Unit} */ unit) => {
  parentPort?.postMessage(runTogether(unit));
});

// 'close': the connection closed, the thread ends (units still on the port are not run: the main
// thread sends it only once every unit it sent is answered).
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  statements.clear();
  db.close();
  port.close();
  parentPort?.close();
});
