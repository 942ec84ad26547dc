import fp from 'fastify-plugin';

/** A route as registered: method and full URL pattern. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, so a test can walk them all (e.g. the guard's). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** `app.registeredRoutes`: the app's routes, collected as they are registered. */
export default fp(
  (app) => {
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    app.decorate('registeredRoutes', routes);
    return Promise.resolve();
  },
  { name: 'route-list' },
);
