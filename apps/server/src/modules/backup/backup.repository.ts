import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PortableRow, PortableValue } from './archive-format.js';
import { COMPUTED_COLUMNS } from './backup-scope.js';

// Backup reads and writes every module's tables: it is cross-cutting by nature, and copies rows
// as plain values without interpreting them, so it names tables and columns as data (from
// backup-scope.ts and the archive) rather than through their modules' typed repositories.

/**
 * A value as the archive keeps it. Both dialects store this schema's values as text, integers
 * and NULL already (timestamps are ISO strings, BIGINT comes back as a number, see dialect.ts);
 * a boolean becomes 1/0 and a date its ISO string, which both dialects read back alike.
 */
function toPortableValue(table: string, column: string, value: unknown): PortableValue {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error(`${table}.${column} holds a value a backup cannot carry (${typeof value})`);
}

/** A row as the archive keeps it: its values made portable, the columns the database computes left out. */
function toPortableRow(table: string, row: Record<string, unknown>): PortableRow {
  const computed = COMPUTED_COLUMNS[table] ?? [];
  const portable: PortableRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (!computed.includes(column)) portable[column] = toPortableValue(table, column, value);
  }
  return portable;
}

/** A column as a restore needs to know it. */
export interface ColumnInfo {
  name: string;
  /** An insert must give it a value: NOT NULL, no default, not numbered by the database. */
  required: boolean;
}

/** Every table of the database and its columns a backup carries, in their order (COMPUTED_COLUMNS left out). */
export async function tableColumns(db: Kysely<Database>): Promise<Map<string, ColumnInfo[]>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((table) => [
      table.name,
      table.columns
        .filter((column) => !COMPUTED_COLUMNS[table.name]?.includes(column.name))
        .map((column) => ({
          name: column.name,
          required: !column.isNullable && !column.hasDefaultValue && !column.isAutoIncrementing,
        })),
    ]),
  );
}

/** The next `limit` rows of `table` in `orderBy` order, after the key `after` (from the start when undefined). */
export async function readRowsAfter(
  db: Kysely<Database>,
  table: string,
  orderBy: string,
  after: PortableValue | undefined,
  limit: number,
): Promise<PortableRow[]> {
  const where = after === undefined ? sql`` : sql`where ${sql.ref(orderBy)} > ${after}`;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} ${where}
    order by ${sql.ref(orderBy)} limit ${limit}`.execute(db);
  return rows.map((row) => toPortableRow(table, row));
}

/**
 * The next `limit` rows' stored objects (the values of `photoColumns`, NULL ones left out), in
 * `orderBy` order after `after`; `last` is the key to continue from.
 */
export async function readPhotoKeysAfter(
  db: Kysely<Database>,
  table: string,
  orderBy: string,
  photoColumns: readonly string[],
  after: PortableValue | undefined,
  limit: number,
): Promise<{ keys: string[]; last: PortableValue | undefined }> {
  const rows = await readRowsAfter(db, table, orderBy, after, limit);
  const keys = rows.flatMap((row) =>
    photoColumns.map((column) => row[column]).filter((key): key is string => typeof key === 'string'),
  );
  return { keys, last: rows.at(-1)?.[orderBy] };
}

/** Number of rows of `table`. */
export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Deletes every row of `table` (their triggers keep the derived tables right). */
export async function deleteAllRows(db: Kysely<Database>, table: string): Promise<void> {
  await sql`delete from ${sql.table(table)}`.execute(db);
}

/** Inserts rows given as values in the order of `columns`, in one statement. */
export async function insertRows(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly PortableValue[])[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    values ${sql.join(rows.map((values) => sql`(${sql.join(values)})`))}`.execute(db);
}

/**
 * Counts `source`'s rows per value of `keys` into `table` afresh (a table of counts kept by
 * triggers). A key named in `computed` is that expression over `source`'s columns, not a column.
 */
export async function recount(
  db: Kysely<Database>,
  table: string,
  source: string,
  keys: readonly string[],
  computed: Readonly<Record<string, string>> = {},
): Promise<void> {
  const columns = sql.join(keys.map((key) => sql.ref(key)));
  const values = sql.join(
    keys.map((key) => (key in computed ? sql.raw(computed[key] ?? key) : sql.ref(key))),
  );
  await sql`delete from ${sql.table(table)}`.execute(db);
  await sql`insert into ${sql.table(table)} (${columns}, ${sql.ref('count')})
    select ${values}, count(*) from ${sql.table(source)} group by ${values}`.execute(db);
}
