import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errors } from '../lib/errors.js';

/** Paths owned by the server, never answered with the web app. */
const SERVER_PREFIXES = ['/api/', '/media/'];

const isSourceMap = (pathName: string) => pathName.endsWith('.map');

/** A route of the web app and the page the build wrote for it (`routes.json`, vite.config.ts). */
interface RouteShell {
  pattern: RegExp;
  file: string;
}

/**
 * The pages the build wrote per route: each is index.html plus preloads of that screen's chunks,
 * so the browser fetches them with the app's own instead of after the app has started. Patterns
 * are the router's (`/componente/:id`); none (an older build, or a test's) means index.html for all.
 */
export function readRouteShells(root: string): RouteShell[] {
  let listed: unknown;
  try {
    listed = JSON.parse(fs.readFileSync(path.join(root, 'routes.json'), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: { path?: unknown; file?: unknown }) => {
    if (typeof entry.path !== 'string' || typeof entry.file !== 'string') return [];
    if (!fs.existsSync(path.join(root, entry.file))) return [];
    const segments = entry.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return [{ pattern: new RegExp(`^${segments.join('/')}/?$`), file: entry.file }];
  });
}

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
          // A script's or a stylesheet's CSP is never applied (CSP governs the page, whose answer
          // carries it), yet it is 0.4 KB more on each of a page's 25–60 scripts on a phone's data
          // connection (bench/README.md, "Bytes"). The pages themselves keep it. A Worker's script
          // is the exception (its own answer's CSP governs it): the app starts none; one that
          // did would have to keep the header here.
          if (immutable) res.removeHeader('content-security-policy');
        },
      });
    }

    const shells = hasWeb ? readRouteShells(root) : [];
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isServerPath = url === '/api' || SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
      if (
        hasWeb &&
        !isServerPath &&
        !isSourceMap(url) &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        const shell = shells.find(({ pattern }) => pattern.test(url));
        return reply.header('cache-control', 'no-cache').sendFile(shell?.file ?? 'index.html');
      }
      throw errors.routeNotFound(request.method, request.url);
    });
  },
  { name: 'web', dependencies: ['config'] },
);
