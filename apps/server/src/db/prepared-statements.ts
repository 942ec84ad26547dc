/**
 * Statements kept prepared on PostgreSQL. node-postgres sends every query unnamed: PostgreSQL
 * parses, analyses and plans it anew each time, and for a lookup by key the planning costs more
 * than running it (one part by id: 1,870 req/s unnamed, 3,450–3,750 prepared, same machine). A
 * query marked with `prepared()` is sent as a named statement: parsed once per connection, and
 * PostgreSQL's plan cache may keep one generic plan for it after five executions.
 *
 * Marked are queries whose best plan does not depend on their parameters (a lookup by a key, a
 * search's exact-code lead on the code's index), and the plain list's page, whose generic plan
 * PostgreSQL's own costing rejects (it would scan; 9,124 against 206 at 10^5 parts), so it keeps
 * planning each page and only the parse is saved. A search (LIKE over a trigram index) or a
 * filtered list may want a different plan for each pattern or value, and a generic plan the
 * costing accepted for the average could be the wrong one for a rare case; those stay unnamed and
 * are planned for their own parameters, as before.
 *
 * SQLite: the mark is a comment; the main connection and the reader threads keep their own caches
 * of prepared statements by text already.
 */
import { sql, type Expression, type PostgresPool } from 'kysely';
import type pg from 'pg';

const MARK = '/* prepared */';

const MARK_EXPRESSION = sql.raw(MARK);

/**
 * At most this many statements are named per process (each connection holds every one it ran, and
 * PostgreSQL keeps their plans in the connection's memory): beyond it, queries go unnamed.
 */
export const MAX_PREPARED_STATEMENTS = 100;

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
