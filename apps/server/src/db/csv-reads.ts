/**
 * A query's rows as an export's records (CSV lines, or the Excel export's rows as JSON), rendered
 * where they are read. On SQLite's reader threads the thread that reads the rows writes the records
 * and sends one string: the values of 10^5 rows copied to the main thread and turned into objects
 * cost it ~200 ms of the ~300 it spent on an export, every other request waiting between the
 * chunks. On PostgreSQL a thread of its own reads and renders them (db/pg-csv-thread.ts, named for
 * the reader pool by `renderRecordsOn`); SQLite without reader threads renders them on the main
 * thread, by the same functions.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { renderRecordsOfObjects, type CsvColumn, type RecordFormat } from '../lib/csv.js';
import { ReadConnection, type RenderedRecords } from './sqlite-read-pool.js';

export type { RenderedRecords };

/** What reads a query's rows as an export's records away from the main thread (db/pg-csv-thread.ts). */
export interface RecordsRenderer {
  records<R>(
    sql: string,
    parameters: readonly unknown[],
    cells: readonly CsvColumn[],
    format: RecordFormat,
  ): Promise<RenderedRecords<R>>;
}

/** The renderer of each database that has one, by its Kysely instance (set by db/dialect.ts). */
const renderers = new WeakMap<object, RecordsRenderer>();

/** The records of queries run on `db` are read and rendered by `renderer`. */
export function renderRecordsOn<DB>(db: Kysely<DB>, renderer: RecordsRenderer): void {
  renderers.set(db, renderer);
}

/** The rows of `query` run on `db`, as records of `cells` in `format`, and its last row. */
export function readRecords<R extends Record<string, unknown>, DB>(
  db: Kysely<DB>,
  query: CompiledQuery,
  cells: readonly CsvColumn[],
  format: RecordFormat = 'csv',
): Promise<RenderedRecords<R>> {
  const renderer = renderers.get(db);
  if (renderer) return renderer.records<R>(query.sql, query.parameters, cells, format);
  return db.getExecutor().provideConnection(async (connection) => {
    if (connection instanceof ReadConnection) return connection.records<R>(query, cells, format);
    const { rows } = await connection.executeQuery<R>(query);
    return { text: renderRecordsOfObjects(rows, cells, format), count: rows.length, last: rows.at(-1) };
  });
}

/**
 * Whether `db` renders an export's records where it reads them, on SQLite's reader threads: the
 * main thread then only passes strings on, and reads side by side use the other cores.
 */
export function rendersOnReaderThreads<DB>(db: Kysely<DB>): Promise<boolean> {
  return db
    .getExecutor()
    .provideConnection((connection) => Promise.resolve(connection instanceof ReadConnection));
}
