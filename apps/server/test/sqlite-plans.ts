import path from 'node:path';
import { Kysely, SqliteDialect, type LogEvent } from 'kysely';
import { SQLITE_FILE_NAME } from '../src/db/dialect.js';
import type { Database as Schema } from '../src/db/schema.js';
import Database from '../src/db/sqlite-driver.js';
import type { TestApp } from './app.js';

/**
 * The plans SQLite chooses for a repository's statements: a Kysely over a SQLite test app's file
 * (read-only) that records each statement it runs, and the plan of one of them. SQLite keeps no
 * statistics, so a test names the index a statement must be read on.
 */
export interface SqlitePlans {
  db: Kysely<Schema>;
  /** The statements run on `db` so far (empty it between reads). */
  statements: LogEvent['query'][];
  /** `explain query plan` of the statement, its details one per line. */
  planOf: (statement: LogEvent['query'] | undefined) => string;
  close: () => Promise<void>;
}

export function sqlitePlans(t: TestApp): SqlitePlans {
  const statements: LogEvent['query'][] = [];
  const file = new Database(path.join(t.database.dataDir, SQLITE_FILE_NAME), { readonly: true });
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: file }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return {
    db,
    statements,
    planOf: (statement) => {
      if (!statement) throw new Error('no statement was run');
      return file
        .prepare(`explain query plan ${statement.sql}`)
        .all(...statement.parameters)
        .map((row) => (row as { detail: string }).detail)
        .join('\n');
    },
    close: () => db.destroy(),
  };
}
