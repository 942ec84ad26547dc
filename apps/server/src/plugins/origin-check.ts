import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when an `Origin` header names this app: the request's own scheme and host, or PUBLIC_URL. */
function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  const normalized = origin.toLowerCase();
  return normalized === `${request.protocol}://${request.host}`.toLowerCase() || normalized === publicOrigin;
}

/**
 * Cross-site protection on top of SameSite=Lax: a state-changing request whose `Origin` is another
 * site's (or whose `Sec-Fetch-Site` says cross-site) is refused with 403 before any work. Requests
 * with no `Origin` come from non-browser clients (curl, scripts) and pass.
 */
export default fp(
  (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin.toLowerCase();
    app.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING.has(request.method)) return done();
      const fetchSite = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      const crossSite = fetchSite === 'cross-site';
      if (!crossSite && (origin === undefined || isOwnOrigin(request, origin, publicOrigin))) return done();
      request.log.warn({ origin, fetchSite }, 'cross-origin request refused');
      done(errors.crossOrigin());
    });
    return Promise.resolve();
  },
  { name: 'origin-check', dependencies: ['config'] },
);
