// The SQLite driver this Node.js can load. Plain JavaScript: the reader threads
// (sqlite-read-worker.js) import it too.
//
// better-sqlite3 13 is a Node-API build, prebuilt inside the package (no compiler at install),
// and the only line that runs on Node 24: 12 and older subclass the raw node::ObjectWrap, whose
// destructor aborts the process on Node 24 when a statement is garbage-collected outside a
// JavaScript context (WiseLibs/better-sqlite3#1515; seen here as 22 aborted test files under
// Node 24.21). Its binary needs Node-API 10, which Node 20 lacks, so Node 20 keeps 12, compiled
// for it at `npm install`. Drop the fallback, and `better-sqlite3` 12, with Node 20.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Node-API 10 arrived in Node 22.14; Node 20 stops at 9. */
export const NODE_API_DRIVER = Number(process.versions.napi) >= 10;

/** @type {typeof import('better-sqlite3')} */
const Database = NODE_API_DRIVER ? require('better-sqlite3-napi') : require('better-sqlite3');

export default Database;
