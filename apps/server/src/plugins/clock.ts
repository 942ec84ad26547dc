import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one clock: every service reads the time from it. */
    clock: Clock;
  }
}

/** `app.clock`: the system clock, or the one given (tests move it by hand). */
export default fp<{ clock?: Clock }>(
  (app, options) => {
    app.decorate('clock', options.clock ?? systemClock);
    return Promise.resolve();
  },
  { name: 'clock' },
);
