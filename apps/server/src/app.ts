import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import configPlugin from './plugins/config.js';
import validationPlugin from './plugins/validation.js';
import errorsPlugin from './plugins/errors.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import openapiPlugin from './plugins/openapi.js';
import databasePlugin from './plugins/database.js';
import authGuardPlugin from './plugins/auth-guard.js';
import originCheckPlugin from './plugins/origin-check.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import mailerPlugin from './plugins/mailer.js';
import sessionPlugin from './plugins/session.js';
import webPlugin from './plugins/web.js';
import { serializeRequest } from './lib/log-redaction.js';
import accountsRoutes from './modules/accounts/accounts.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import mediaModule from './modules/media/media.plugin.js';
import partsRoutes from './modules/parts/parts.routes.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface BuildOptions {
  /** Pino options or `false`; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default JSON logs go (stdout if unset); tests collect them to check redaction. */
  logStream?: { write(line: string): void };
}

/** The composition root: plugins, then modules, then the web app and the 404 handling. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
      // The reset token travels in the path: request lines mask it.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets with no request in flight are closed on shutdown; active ones finish.
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(configPlugin, { config });
  await app.register(validationPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(openapiPlugin);
  await app.register(originCheckPlugin);
  await app.register(databasePlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailerPlugin);
  await app.register(sessionPlugin);
  await app.register(authGuardPlugin);

  await app.register(healthRoutes);
  await app.register(accountsRoutes, { prefix: '/api/users' });
  await app.register(partsRoutes, { prefix: '/api/componenti' });
  // POST /api/componenti/upload (session required), GET /media/<name>, cleanup of unused images.
  await app.register(mediaModule);

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
