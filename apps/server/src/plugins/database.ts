import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/dialect.js';
import { migrateDatabase } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes, transactions and single-row reads. */
    db: Kysely<Database>;
    /** Long reads: lists, searches, counts, exports (SQLite: on reader threads). */
    readDb: Kysely<Database>;
    /** Units of writes, each in a transaction (SQLite: writes arriving together commit together). */
    writes: DatabaseHandle['writes'];
    dialect: DialectName;
  }
}

/** Opens the configured database, applies pending migrations, closes it when the app closes. */
export default fp(
  async (app) => {
    const handle = openDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      onConnectionError: (error) => app.log.error({ err: error }, 'database connection lost'),
      sqliteReaders: app.config.sqliteReaders,
      sqliteSynchronous: app.config.sqliteSynchronous,
    });
    try {
      const applied = await migrateDatabase(handle);
      app.log.info({ database: handle.describe, applied }, 'database ready');
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('readDb', handle.reader);
    app.decorate('writes', handle.writes);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', () => handle.close());
  },
  { name: 'database', dependencies: ['config'] },
);
