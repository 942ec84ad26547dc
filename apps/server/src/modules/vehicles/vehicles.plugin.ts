import fp from 'fastify-plugin';
import vehiclesRoutes from './vehicles.routes.js';
import { VehiclesService } from './vehicles.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Donor vehicles: the vehicles the yard took in, their parts' link, their photos. */
    vehicles: VehiclesService;
  }
}

/**
 * The vehicles module: `app.vehicles`, the /api/veicoli routes (behind the session guard), and the
 * vehicles' answer to the media cleanup (which photos they use; a photo's thumbnail goes with it).
 * Registered before the parts module, which links parts to vehicles through `app.vehicles`.
 */
export default fp(
  async (app) => {
    const vehicles = new VehiclesService(app.db, app.readDb, app.writes, app.clock);
    app.decorate('vehicles', vehicles);
    app.media.registerImageOwner({
      name: 'vehicles',
      referencedUrls: (urls) => vehicles.referencedImageUrls(urls),
    });
    await app.register(vehiclesRoutes, { prefix: '/api/veicoli' });
  },
  { name: 'vehicles', dependencies: ['clock', 'database', 'accounts', 'media'] },
);
