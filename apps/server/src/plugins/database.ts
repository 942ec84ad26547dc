import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type DialectName } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
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
    });
    try {
      const applied = await migrateToLatest(handle.db);
      app.log.info({ database: handle.describe, applied }, 'database ready');
    } catch (error) {
      await handle.db.destroy();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
