/**
 * Statements kept prepared on PostgreSQL. node-postgres sends every query unnamed: PostgreSQL
 * parses, analyses and plans it anew each time, and for a lookup by key the planning costs more
 * than running it (one part by id: 1,870 req/s unnamed, 3,450–3,750 prepared, same machine). A
 * query marked with `prepared()` is sent as a named statement: parsed once per connection, and
 * PostgreSQL's plan cache may keep one generic plan for it after five executions.
 *
 * Marked are queries whose best plan does not depend on their parameters (a lookup by a key, a
 * search's exact-code lead on the code's index, a page's parts by seq with the seqs one array
 * parameter: `seqInList`, the word index's count and page: `preparedSql`), the plain list's
 * pages and an exact location's first page (`binFirstPage`). PostgreSQL's plan cache keeps a generic plan only when its costing finds it no dearer
 * than those made for the values, and it costs a LIMIT or an OFFSET given as a parameter as reading
 * a tenth of the rows: the statements that must be planned once write their LIMIT into the text
 * (the list's first page, a count's limit) or read a page as a slice of an array (`seqInSlice`). A
 * search (LIKE over a trigram index), a filtered list, or the lookup of a search's words in the
 * list may want a different plan for each pattern or value, and a generic plan the costing
 * accepted for the average could be the wrong one for a rare case; those stay unnamed and are
 * planned for their own parameters.
 *
 * SQLite: the mark is a comment; the main connection and the reader threads keep their own caches
 * of prepared statements by text already.
 */
import {
  sql,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type InferResult,
  type Kysely,
  type OperationNodeSource,
  type PostgresPool,
  type RawBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

const MARK = '/* prepared */';

const MARK_EXPRESSION = sql.raw(MARK);

/**
 * At most this many statements are named per process (each connection holds every one it ran, and
 * PostgreSQL keeps their plans in the connection's memory): beyond it, queries go unnamed.
 */
export const MAX_PREPARED_STATEMENTS = 100;

/**
 * `query`, raw SQL, marked as `prepared` marks a built query: named once per connection on
 * PostgreSQL. The same rule holds: its plan must not depend on its parameters, its text not on the
 * data.
 */
export function preparedSql<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${query} ${MARK_EXPRESSION}`;
}

/** A query builder whose SQL can be ended by a modifier (selects, inserts, updates, deletes). */
interface EndModifiable<Q> {
  modifyEnd(modifier: Expression<unknown>): Q;
}

/**
 * Marks `query` as a lookup by key whose plan does not depend on its parameters: on PostgreSQL it
 * is prepared once per connection (see above). Its SQL text must not depend on the data (no list
 * of values whose length varies), or every length would take a name.
 */
export function prepared<Q extends EndModifiable<Q>>(query: Q): Q {
  return query.modifyEnd(MARK_EXPRESSION);
}

/** What a query compiled once remembers: its SQL and, for each parameter, the argument it takes. */
interface CompiledOnce<R> {
  compiled: CompiledQuery<R>;
  /** For each parameter of `compiled`, the index of the argument put there; -1 for a constant. */
  slots: number[];
}

/** A value a compiled query takes as a parameter. */
type Argument = string | number;

/**
 * Compiles the query `build` gives for `count` placeholder strings, and finds the parameter each
 * placeholder landed in: exactly one each (checked; `name` says which argument in the error).
 */
function compileWithSlots<R>(
  count: number,
  build: (placeholders: string[]) => Compilable<R>,
  name: (index: number) => string,
): CompiledOnce<R> {
  const placeholders = Array.from({ length: count }, (_, index) => `\u0000compiled-once-${index}\u0000`);
  const compiled = build(placeholders).compile();
  const slots = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  for (let index = 0; index < count; index += 1) {
    if (slots.filter((slot) => slot === index).length !== 1) {
      throw new Error(`compiledOnce: ${name(index)} is not exactly one parameter of ${compiled.sql}`);
    }
  }
  return { compiled, slots };
}

/** The query compiled once, with `args` in their parameters. */
function withArguments<R>({ compiled, slots }: CompiledOnce<R>, args: readonly unknown[]): CompiledQuery<R> {
  const parameters = slots.map((slot, index) => (slot < 0 ? compiled.parameters[index] : args[slot]));
  return { ...compiled, parameters };
}

/**
 * The compiled query of `key` for the database `db` (by its dialect adapter: a database's
 * transactions share it; SQLite and PostgreSQL differ), compiled by `compile` the first time.
 */
function compiledFor<R>(
  cache: WeakMap<object, Map<string, CompiledOnce<R>>>,
  db: Kysely<unknown>,
  key: string,
  compile: () => CompiledOnce<R>,
): CompiledOnce<R> {
  const adapter = db.getExecutor().adapter;
  let byKey = cache.get(adapter);
  if (byKey === undefined) {
    byKey = new Map();
    cache.set(adapter, byKey);
  }
  let once = byKey.get(key);
  if (once === undefined) {
    once = compile();
    // A bound on the texts kept: a caller's keys should be a handful.
    if (byKey.size >= MAX_COMPILED_PER_DATABASE) byKey.clear();
    byKey.set(key, once);
  }
  return once;
}

/** Compiled queries kept per function and database. */
const MAX_COMPILED_PER_DATABASE = 256;

/** How a query compiled once is run: on a database (or transaction), with its arguments. */
type CompiledRun<DB, A extends Argument[], Q extends Compilable<unknown>> = (
  db: Kysely<DB>,
  ...args: A
) => Promise<InferResult<Q>>;

/** Which statements a compiled query is sent as: marked (see `prepared`) or plain. */
interface CompileOptions {
  /** Mark it (the default): on PostgreSQL, prepared once per connection. */
  prepare?: boolean;
}

/**
 * A query built and compiled by Kysely once per database and shape, then run with each call's
 * arguments in its parameters. Building a query and compiling it cost more than running a lookup
 * by key (one part by id on SQLite: Kysely's building and compiling took a fifth of the main
 * thread), and the same SQL string each time is also a cheaper key for the statement caches.
 *
 * `shape` is what the SQL depends on (the statuses asked for, a direction), `keyOf` names it;
 * `build` must give the same SQL for a shape whatever the arguments: it is called once per shape,
 * with a placeholder string for each argument, and every placeholder must land in exactly one
 * parameter (checked). A marked query (the default) must have few shapes: each is a named
 * statement on PostgreSQL.
 */
export function compiledByShape<
  S,
  A extends Argument[],
  Q extends EndModifiable<Q> & Compilable<unknown>,
  DB = Database,
>(
  keyOf: (shape: S) => string,
  build: (db: Kysely<DB>, shape: S, ...args: A) => Q,
  options: CompileOptions = {},
): (db: Kysely<DB>, shape: S, ...args: A) => Promise<InferResult<Q>> {
  type Row = InferResult<Q>[number];
  const cache = new WeakMap<object, Map<string, CompiledOnce<Row>>>();
  return async (db, shape, ...args) => {
    const once = compiledFor(cache, db as Kysely<unknown>, keyOf(shape), () =>
      compileWithSlots<Row>(
        args.length,
        (placeholders) => {
          const query = build(db, shape, ...(placeholders as A));
          return options.prepare === false ? query : prepared(query);
        },
        (index) => `argument ${index}`,
      ),
    );
    return (await db.executeQuery<Row>(withArguments(once, args))).rows as InferResult<Q>;
  };
}

/** `compiledByShape` for a query of one shape. */
export function compiledOnce<
  A extends Argument[],
  Q extends EndModifiable<Q> & Compilable<unknown>,
  DB = Database,
>(build: (db: Kysely<DB>, ...args: A) => Q, options: CompileOptions = {}): CompiledRun<DB, A, Q> {
  const run = compiledByShape(
    () => '',
    (db: Kysely<DB>, _shape: undefined, ...args: A) => build(db, ...args),
    options,
  );
  return (db, ...args) => run(db, undefined, ...args);
}

/** A one-row insert that can also be written into another statement (a CTE on PostgreSQL). */
export type RowInsert<R> = Compilable<R> & OperationNodeSource;

/**
 * A one-row insert whose SQL Kysely builds and compiles once per database and set of columns,
 * then given each row's values as its parameters: building and compiling a create's inserts took
 * about a tenth of the main thread's time for a create on SQLite. `build` is called once per set of
 * columns, with a placeholder string for each value, and each placeholder must land in exactly one
 * parameter (checked, as `compiledByShape` does): the row's values must be plain (text, numbers,
 * null), no expressions. The insert keeps `toOperationNode`, built from the row as given, for a
 * statement that writes it into its own (`writeTogether` on PostgreSQL).
 */
export function insertCompiledOnce<Row extends Record<string, unknown>, R, DB = Database>(
  build: (db: Kysely<DB>, row: Row) => RowInsert<R>,
): (db: Kysely<DB>, row: Row) => RowInsert<R> {
  const cache = new WeakMap<object, Map<string, CompiledOnce<R>>>();
  return (db, row) => ({
    compile: () => {
      const columns = Object.keys(row).filter((column) => row[column] !== undefined);
      const once = compiledFor(cache, db as Kysely<unknown>, columns.join(','), () =>
        compileWithSlots<R>(
          columns.length,
          (placeholders) =>
            build(
              db,
              Object.fromEntries(columns.map((column, index) => [column, placeholders[index]])) as Row,
            ),
          (index) => columns[index] ?? String(index),
        ),
      );
      return withArguments(
        once,
        columns.map((column) => row[column]),
      );
    },
    toOperationNode: () => build(db, row).toOperationNode(),
  });
}

/** The names of the marked statements, by their SQL text: the same text has the same name on every connection. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_PREPARED_STATEMENTS) {}

  /** The name to prepare `text` under; undefined when it is not marked, or the names are used up. */
  nameOf(text: string): string | undefined {
    if (!text.endsWith(MARK)) return undefined;
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const name = `magazzino_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * `pool` as Kysely sees it, its clients sending the marked statements named. Kysely calls a
 * client's `query(text, values)` for a query and `query(cursor)` for a stream; only the first is
 * named, a cursor stays as it is.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const named = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (named.has(client)) return client;
      named.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // pg's query is heavily overloaded; Kysely only ever calls the two forms above.
      (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
        const name = typeof first === 'string' ? names.nameOf(first) : undefined;
        if (name === undefined) return query(first, ...rest);
        return query({ name, text: first, values: rest[0] });
      };
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * `parts.seq` is one of the seqs `list` writes (`seqList`), the list one parameter: on PostgreSQL
 * `= any($1::bigint[])`, one statement for any number of seqs, named once per connection (a page's
 * 20 parts by seq at 10^5 parts: 0.26–0.35 ms unnamed, a text per length, 0.16–0.18 named).
 * PostgreSQL only: SQLite takes the seqs as parameters of their own (`in (?, ?, …)`), a cached
 * statement per length.
 */
export function seqInList(list: string): Expression<boolean> {
  return sql<boolean>`parts.seq = any(${list}::bigint[])`;
}

/**
 * `parts.seq` is one of the seqs `read` gives, from the `first`-th to the `last`-th (counted from
 * 1), in its order. PostgreSQL only: the page of a read whose LIMIT is written into its text, the
 * page's place in it parameters that PostgreSQL does not cost (LIMIT and OFFSET as parameters make
 * it cost a generic plan as reading a tenth of the rows: see `plainPageRead`).
 */
export function seqInSlice(read: Expression<unknown>, first: number, last: number): Expression<boolean> {
  return sql<boolean>`parts.seq = any((array(${read}))[${first}:${last}])`;
}

/** The seqs as the one parameter `seqInList` reads: PostgreSQL's array literal, `{12,7,3}`. */
export function seqList(seqs: readonly number[]): string {
  return `{${seqs.map((seq) => Math.trunc(seq)).join(',')}}`;
}
