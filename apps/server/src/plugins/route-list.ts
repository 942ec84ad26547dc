import type { FastifyContextConfig, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A route as registered: method, full URL pattern, its `config` (e.g. the permission it declares)
 * and its `schema` (the zod schemas of params, querystring, body and headers it validates with).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig | undefined;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after this plugin, so a test can walk them all (the guard's 401,
     * the role table's 403, the fuzzing of every input).
     */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** `app.registeredRoutes`: the app's routes, collected as they are registered. */
export default fp(
  (app) => {
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, config: route.config, schema: route.schema });
    });
    app.decorate('registeredRoutes', routes);
    return Promise.resolve();
  },
  { name: 'route-list' },
);
