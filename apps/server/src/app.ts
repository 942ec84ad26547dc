import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import { serializeRequest } from './lib/log-redaction.js';
import { keepDataPrivate } from './lib/private-files.js';
import { RequestLogController } from './lib/request-log.js';
import accountsModule from './modules/accounts/accounts.plugin.js';
import healthModule from './modules/health/health.plugin.js';
import importsModule from './modules/imports/imports.plugin.js';
import mediaModule from './modules/media/media.plugin.js';
import type { MediaStorage } from './modules/media/storage/media-storage.js';
import partsModule from './modules/parts/parts.plugin.js';
import vehiclesModule from './modules/vehicles/vehicles.plugin.js';
import clockPlugin from './plugins/clock.js';
import compressionPlugin from './plugins/compression.js';
import configPlugin from './plugins/config.js';
import cookiesPlugin from './plugins/cookies.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin from './plugins/errors.js';
import gracefulClosePlugin from './plugins/graceful-close.js';
import mailerPlugin, { type Mailer } from './plugins/mailer.js';
import openapiPlugin from './plugins/openapi.js';
import originCheckPlugin from './plugins/origin-check.js';
import rateLimitPlugin, { type RateLimitStore } from './plugins/rate-limit.js';
import requestGuardsPlugin from './plugins/request-guards.js';
import routeListPlugin from './plugins/route-list.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import validationPlugin from './plugins/validation.js';
import webPlugin from './plugins/web.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** What a caller (a test, a benchmark) may put in place of the real thing; unset means the real one. */
export interface AppOverrides {
  /** Pino options or `false`; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default JSON logs go (stdout if unset); tests collect them to check redaction. */
  logStream?: { write(line: string): void };
  /** The time every service reads (default: the system clock). */
  clock?: Clock;
  /** Where mail goes (default: SMTP_URL, else the outbox folder). */
  mailer?: Mailer;
  /** Where images are stored (default: DATA_DIR/media). */
  mediaStorage?: MediaStorage;
  /** Where rate-limit counters live (default: RATE_LIMIT_STORE: memory, the database or Redis). */
  rateLimitStore?: RateLimitStore;
}

/** The composition root: infrastructure plugins, then the modules, then the web app and the 404 handling. */
export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  // The database, its WAL and the outbox hold accounts and reset links: owner only.
  keepDataPrivate(config.dataDir);
  const { trustProxy } = config;
  const app = Fastify({
    logger: overrides.logger ?? {
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
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    // One line per answered request, carrying the user id of a signed-in one.
    logController: new RequestLogController(),
    // Fastify gives every request's logger options ({} when the route sets no log level of its
    // own), and pino then rebuilds the child's formatters; without options it takes its fast path.
    childLoggerFactory: (logger, bindings, options) =>
      Object.keys(options).length === 0 ? logger.child(bindings) : logger.child(bindings, options),
    // A hop count trusts that many proxies from the right of X-Forwarded-For, never the client's
    // own hops. (Fastify given a plain number trusts no hop at all, so the count becomes a function.)
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // The database plugin applies pending migrations before the app listens, and an upgrade may
    // take minutes on a large warehouse (migration 030 writes every part again); Fastify's default
    // of 10 s per plugin stopped such a start half-way, every time.
    pluginTimeout: 0,
    // Slow clients (README, "Sicurezza"): Node cuts any request not arrived whole by the upload
    // limit; plugins/request-guards.ts cuts other bodies after BODY_TIMEOUT_SECONDS. A socket
    // silent for a minute is closed; an idle keep-alive one after 72 s.
    requestTimeout: config.uploadTimeoutMs,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    // A too long or malformed path is answered without echoing it.
    frameworkErrors: (error, _request, frameworkReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = frameworkReply as unknown as FastifyReply;
      void reply
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send({
          error: tooLong ? "L'indirizzo richiesto è troppo lungo." : "L'indirizzo richiesto non è valido.",
          code: 'BAD_REQUEST',
        });
    },
    // Keep-alive sockets with no request in flight are closed on shutdown; active ones finish
    // (plugins/graceful-close.ts ends their connections once they have answered).
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Infrastructure: nothing here knows a module.
  await app.register(configPlugin, { config });
  await app.register(clockPlugin, { clock: overrides.clock });
  await app.register(gracefulClosePlugin);
  await app.register(routeListPlugin);
  await app.register(validationPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(requestGuardsPlugin);
  await app.register(openapiPlugin);
  await app.register(originCheckPlugin);
  await app.register(databasePlugin);
  await app.register(cookiesPlugin);
  await app.register(rateLimitPlugin, { store: overrides.rateLimitStore });
  await app.register(mailerPlugin, { mailer: overrides.mailer });

  // Modules, each wiring its service and routes (a module's dependencies come before it).
  await app.register(healthModule);
  await app.register(accountsModule);
  await app.register(mediaModule, { storage: overrides.mediaStorage });
  // Before parts: a part links its donor vehicle through app.vehicles.
  await app.register(vehiclesModule);
  await app.register(partsModule);
  await app.register(importsModule);

  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
