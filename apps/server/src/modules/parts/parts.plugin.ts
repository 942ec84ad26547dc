import fp from 'fastify-plugin';
import { foldCountShards } from '../../db/count-shards.js';
import { PartsBulk } from './parts.bulk.js';
import { activityRoutes, binRoutes } from './parts.lifecycle.routes.js';
import { PartLifecycleService } from './parts.lifecycle.service.js';
import { locationsRoutes } from './parts.locations.routes.js';
import partsRoutes from './parts.routes.js';
import { PartsService } from './parts.service.js';
import { PartVehicles } from './parts.vehicles.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parts of the warehouse: lookups, versions, streaming, bulk loads. */
    parts: PartsService;
    /** A part's life: statuses, reservations that end, history, the bin. */
    partLifecycle: PartLifecycleService;
    /** Batches of parts written at once, with their history (the imports). */
    partsBulk: PartsBulk;
  }
}

/** How often the reservations past their day are put back to disponibile (also once at start). */
export const EXPIRY_INTERVAL_MS = 60 * 1000;

/** How often the parts in the bin for more than 30 days are deleted for good (also once at start). */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How often the shards of the parts' counts are added up into one row per key on PostgreSQL
 * (db/count-shards.ts; also once at start).
 */
export const FOLD_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The parts module: `app.parts` and `app.partLifecycle`, the /api/componenti, /api/cestino,
 * /api/attivita and /api/ubicazioni routes (behind the session guard), the sweeps of expired reservations (every
 * minute), of the bin (every hour) and of the counts' shards (every ten minutes), and the parts' and the bin's answers to the media cleanup
 * (which images they still use). Parts link their donor vehicle through `app.vehicles`.
 */
export default fp(
  async (app) => {
    const donors = new PartVehicles(app.vehicles);
    const parts = new PartsService(app.db, app.readDb, app.writes, app.clock, donors);
    const lifecycle = new PartLifecycleService(app.db, app.readDb, app.writes, app.clock, donors);
    app.decorate('parts', parts);
    app.decorate('partLifecycle', lifecycle);
    app.decorate('partsBulk', new PartsBulk(app.writes, app.clock));
    // A part's donor vehicle: a vehicle with parts cannot be deleted, and a vehicle's new targa or
    // telaio reaches its parts' search in the same transaction.
    app.vehicles.setLinkedPartsCounter((ids, db) => parts.linkedPartCounts(ids, db));
    app.vehicles.onChange((trx, vehicle) => parts.vehicleChanged(trx, vehicle));
    app.media.registerImageOwner({
      name: 'parts',
      referencedUrls: (urls) => parts.referencedImageUrls(urls),
    });
    app.media.registerImageOwner({
      name: 'parts_bin',
      referencedUrls: (urls) => lifecycle.referencedImageUrls(urls),
    });

    const log = app.log.child({ module: 'parts' });
    let running: Promise<unknown> = Promise.resolve();
    /** Runs one sweep after the previous one: sweeps never overlap, and closing waits for the last. */
    const sweep = (name: string, work: () => Promise<number>) => () => {
      running = running.then(async () => {
        try {
          const count = await work();
          if (count > 0) log.info({ count }, name);
        } catch (error) {
          log.error({ err: error }, `${name} failed`);
        }
      });
    };
    const expire = sweep('reservations expired', () => lifecycle.expireReservations());
    const purge = sweep('bin purged', () => lifecycle.purgeExpired());
    const fold = sweep('count shards folded', () => foldCountShards(app.db));
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', (done) => {
      expire();
      purge();
      fold();
      timers.push(
        setInterval(expire, EXPIRY_INTERVAL_MS),
        setInterval(purge, PURGE_INTERVAL_MS),
        setInterval(fold, FOLD_INTERVAL_MS),
      );
      for (const timer of timers) timer.unref();
      done();
    });
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await running;
    });

    await app.register(partsRoutes, { prefix: '/api/componenti' });
    await app.register(binRoutes, { prefix: '/api/cestino' });
    await app.register(activityRoutes, { prefix: '/api/attivita' });
    await app.register(locationsRoutes, { prefix: '/api/ubicazioni' });
  },
  { name: 'parts', dependencies: ['clock', 'database', 'accounts', 'media', 'vehicles'] },
);
