import fp from 'fastify-plugin';
import healthRoutes from './health.routes.js';
import { HealthService } from './health.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the service can work: the database answers (liveness), and every readiness check a
     * module added with `app.health.addReadinessCheck` passes (readiness).
     */
    health: HealthService;
  }
}

/** The health module: `app.health` and the public routes /api/health and /api/health/ready. */
export default fp(
  async (app) => {
    app.decorate('health', new HealthService(app.db, app.log));
    await app.register(healthRoutes, { prefix: '/api/health' });
  },
  { name: 'health', dependencies: ['database'] },
);
