import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errors } from '../lib/errors.js';

/** Paths owned by the server, never answered with the web app. */
const SERVER_PREFIXES = ['/api/', '/media/'];

const isSourceMap = (pathName: string) => pathName.endsWith('.map');

/**
 * Serves the built web app from `config.webDist`: hashed assets cached for a year, index.html
 * revalidated, precompressed variants preferred, and every unknown non-API GET answered with index.html so deep links work.
 * Unknown API routes and source maps (`*.map`) get the contract's 404 JSON.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWeb = fs.existsSync(path.join(root, 'index.html'));
    if (!hasWeb) app.log.warn({ root }, 'web app not built: only the API is served');
    else {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // Serves the .br / .gz written by scripts/compress-web.mjs when the browser accepts them.
        preCompressed: true,
        // Cache-Control is set below, per file kind; send's own default (max-age=0) would override it.
        cacheControl: false,
        // Source maps stay on the build machine: the public gets no readable source.
        allowedPath: (pathName) => !isSourceMap(pathName),
        setHeaders(res, filePath) {
          res.header('vary', 'accept-encoding');
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isServerPath = url === '/api' || SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
      if (
        hasWeb &&
        !isServerPath &&
        !isSourceMap(url) &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw errors.routeNotFound(request.method, request.url);
    });
  },
  { name: 'web', dependencies: ['config'] },
);
