/**
 * A query's rows as CSV records, rendered where they are read. On SQLite's reader threads the
 * thread that reads the rows writes the records and sends one string: the values of 10^5 rows
 * copied to the main thread and turned into objects cost it ~200 ms of the ~300 it spent on an
 * export, every other request waiting between the chunks. On PostgreSQL a thread of its own reads
 * and renders them (db/pg-csv-thread.ts, named for the reader pool by `renderCsvOn`); SQLite
 * without reader threads renders them on the main thread, by the same functions.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { csvRecordsOfObjects, type CsvColumn } from '../lib/csv.js';
import { ReadConnection, type CsvRecords } from './sqlite-read-pool.js';

export type { CsvRecords };

/** What reads a query's rows as CSV records away from the main thread (db/pg-csv-thread.ts). */
export interface CsvRenderer {
  csvRecords<R>(
    sql: string,
    parameters: readonly unknown[],
    cells: readonly CsvColumn[],
  ): Promise<CsvRecords<R>>;
}

/** The renderer of each database that has one, by its Kysely instance (set by db/dialect.ts). */
const renderers = new WeakMap<object, CsvRenderer>();

/** The CSV records of queries run on `db` are read and rendered by `renderer`. */
export function renderCsvOn<DB>(db: Kysely<DB>, renderer: CsvRenderer): void {
  renderers.set(db, renderer);
}

/** The rows of `query` run on `db`, as CSV records of `cells`, and its last row. */
export function readCsvRecords<R extends Record<string, unknown>, DB>(
  db: Kysely<DB>,
  query: CompiledQuery,
  cells: readonly CsvColumn[],
): Promise<CsvRecords<R>> {
  const renderer = renderers.get(db);
  if (renderer) return renderer.csvRecords<R>(query.sql, query.parameters, cells);
  return db.getExecutor().provideConnection(async (connection) => {
    if (connection instanceof ReadConnection) return connection.csvRecords<R>(query, cells);
    const { rows } = await connection.executeQuery<R>(query);
    return { text: csvRecordsOfObjects(rows, cells), count: rows.length, last: rows.at(-1) };
  });
}

/**
 * Whether `db` renders CSV records where it reads them, on SQLite's reader threads: the main
 * thread then only passes strings on, and reads side by side use the other cores.
 */
export function rendersOnReaderThreads<DB>(db: Kysely<DB>): Promise<boolean> {
  return db
    .getExecutor()
    .provideConnection((connection) => Promise.resolve(connection instanceof ReadConnection));
}
