import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
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

/**
 * How long the close waits for the handlers of requests still running (below the 10 s the server
 * gives the whole close, `server.ts`).
 */
const HANDLERS_GRACE_MS = 5_000;

/**
 * How often SQLite's search indexes are looked at, and merged on a thread of their own when the
 * writes since have left them in too many segments (db/search-index-merge.ts; also once at start).
 */
export const SEARCH_INDEX_UPKEEP_MS = 5 * 60 * 1000;

/**
 * Opens the configured database, applies pending migrations, closes it when the app closes, once
 * the handlers of the requests still in flight have answered. Fastify's close waits for the open
 * connections, not for a handler whose client has hung up: without this, such a handler's next
 * query met a closed database ('driver has already been destroyed', logged as an unhandled error).
 */
export default fp(
  async (app) => {
    const handle = openDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      onConnectionError: (error) => app.log.error({ err: error }, 'database connection lost'),
      sqliteReaders: app.config.sqliteReaders,
      pgReaders: app.config.pgReaders,
      pgReadTimeoutMs: app.config.pgReadTimeoutMs,
      pgParallelWorkers: app.config.pgParallelWorkers,
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

    // The search indexes' upkeep: a look while a run is under way does nothing (the next one
    // comes); closing stops the run after its step and waits for it.
    const upkeep = new AbortController();
    let maintaining: Promise<void> | undefined;
    const maintain = () => {
      if (maintaining || upkeep.signal.aborted) return;
      maintaining = handle
        .maintainSearchIndex(upkeep.signal)
        .then(
          (merges) => {
            if (merges.length > 0) app.log.info({ merges }, 'search index merged');
          },
          (error: unknown) => app.log.error({ err: error }, 'search index upkeep failed'),
        )
        .finally(() => (maintaining = undefined));
    };
    const upkeepTimer = setInterval(maintain, SEARCH_INDEX_UPKEEP_MS);
    upkeepTimer.unref();
    app.addHook('onReady', (done) => {
      maintain();
      done();
    });
    const inFlight = new Set<FastifyRequest>();
    let drained: (() => void) | undefined;
    const answered = (request: FastifyRequest) => {
      if (inFlight.delete(request) && inFlight.size === 0) drained?.();
    };
    app.addHook('onRequest', (request, _reply, done) => {
      inFlight.add(request);
      done();
    });
    // A handler's answer goes through onSend, its client there or not; onResponse covers the rest.
    app.addHook('onSend', (request, _reply, payload, done) => {
      answered(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      answered(request);
      done();
    });
    app.addHook('onClose', async () => {
      if (inFlight.size > 0) {
        const ac = new AbortController();
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          sleep(HANDLERS_GRACE_MS, undefined, { signal: ac.signal }).catch(() => undefined),
        ]);
        ac.abort();
        if (inFlight.size > 0)
          app.log.warn({ requests: inFlight.size }, 'database closed under requests still running');
      }
      clearInterval(upkeepTimer);
      upkeep.abort();
      await maintaining;
      await handle.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
