import fp from 'fastify-plugin';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Makes the parsed configuration available as `app.config`. */
export default fp<{ config: Config }>(
  (app, options) => {
    app.decorate('config', options.config);
    return Promise.resolve();
  },
  { name: 'config' },
);
