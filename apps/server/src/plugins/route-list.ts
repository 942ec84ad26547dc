import type { FastifyContextConfig } from 'fastify';
import fp from 'fastify-plugin';

/** A route as registered: method, full URL pattern, and its `config` (e.g. the permission it declares). */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after this plugin, so a test can walk them all (the guard's 401,
     * the role table's 403).
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
        routes.push({ method, url: route.url, config: route.config });
    });
    app.decorate('registeredRoutes', routes);
    return Promise.resolve();
  },
  { name: 'route-list' },
);
