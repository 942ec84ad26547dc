/**
 * A query's rows as CSV records, rendered where they are read. On SQLite's reader threads the
 * thread that reads the rows writes the records and sends one string: the values of 10^5 rows
 * copied to the main thread and turned into objects cost it ~200 ms of the ~300 it spent on an
 * export, every other request waiting between the chunks. On PostgreSQL (and SQLite without
 * reader threads) the rows are rendered on the main thread, by the same functions.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { csvRecordsOfObjects, type CsvColumn } from '../lib/csv.js';
import { ReadConnection, type CsvRecords } from './sqlite-read-pool.js';

export type { CsvRecords };

/** The rows of `query` run on `db`, as CSV records of `cells`, and its last row. */
export function readCsvRecords<R extends Record<string, unknown>, DB>(
  db: Kysely<DB>,
  query: CompiledQuery,
  cells: readonly CsvColumn[],
): Promise<CsvRecords<R>> {
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
