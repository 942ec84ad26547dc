import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../lib/errors.js';

/** Host names of this machine: a health check or a local browser may always use them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Characters no URL parameter may hold once decoded: C0 controls (NUL included) and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The first query or path parameter holding a control character, as a field error. */
function controlCharacterField(url: string): Record<string, string> | undefined {
  const [pathPart = '', query = ''] = url.split('?', 2);
  if (CONTROL.test(decoded(pathPart))) {
    return { path: "L'indirizzo contiene caratteri di controllo non ammessi" };
  }
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split('=', 2);
    if (CONTROL.test(decoded(value)) || CONTROL.test(decoded(name))) {
      return {
        [decoded(name).replace(CONTROL, '') || 'query']:
          'Il valore contiene caratteri di controllo non ammessi',
      };
    }
  }
  return undefined;
}

const isUpload = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/**
 * Checks every request before any route runs:
 * - its Host is the public host (PUBLIC_URL, ALLOWED_HOSTS) or a loopback name, else 400: a page
 *   of another site whose name was re-pointed at this machine (DNS rebinding) gets nothing;
 * - no path or query parameter holds a control character (NUL would reach PostgreSQL): 400 naming it;
 * - its body arrives whole within BODY_TIMEOUT_SECONDS (uploads: UPLOAD_TIMEOUT_SECONDS), else the
 *   connection is cut: a client trickling a body cannot hold a connection for long.
 */
export default fp(
  (app) => {
    const allowed = new Set([...LOOPBACK_HOSTS, ...app.config.allowedHosts]);
    const { bodyTimeoutMs, uploadTimeoutMs } = app.config;

    app.addHook('onRequest', (request, reply, done) => {
      const host = request.hostname.toLowerCase();
      if (!allowed.has(host)) {
        done(new AppError(400, 'BAD_REQUEST', 'Host non consentito: apri il Magazzino dal suo indirizzo.'));
        return;
      }
      const field = controlCharacterField(request.url);
      if (field) {
        done(errors.validation(field));
        return;
      }
      if (!request.raw.complete) {
        const limit = isUpload(request) ? uploadTimeoutMs : bodyTimeoutMs;
        const timer = setTimeout(() => {
          if (request.raw.complete || reply.sent) return;
          request.log.info({ limitMs: limit }, 'request body not arrived in time: connection cut');
          request.raw.socket.destroy();
        }, limit);
        timer.unref();
        const stop = () => clearTimeout(timer);
        request.raw.once('end', stop);
        reply.raw.once('finish', stop);
        reply.raw.once('close', stop);
      }
      done();
    });
  },
  { name: 'request-guards', dependencies: ['config'] },
);
