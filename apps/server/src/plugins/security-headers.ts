import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * CSP sources allowing the inline scripts of the built index.html (the theme applied before the
 * first paint) by their SHA-256, read once at start: no other inline script runs. None without
 * a built web app.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * The headers helmet sends with `options`, read once by running its middleware on a response that
 * records them: none of them depends on the request. (@fastify/helmet built helmet's middleware
 * again for every request, parsing the CSP directives each time: about 1 % of the main thread
 * under load.)
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    // helmet's own middlewares never fail; a future one that did must not pass silently.
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}

/**
 * Conservative security headers on every answer (pages, API, images, errors), through helmet.
 * script-src is 'self' plus the hashes of index.html's own inline scripts (`inlineScriptHashes`),
 * and 'wasm-unsafe-eval': the QR reader of browsers without BarcodeDetector compiles our own
 * zxing WebAssembly (/assets/zxing_reader-*.wasm). It allows compiling WebAssembly only, never
 * eval() or new Function() on strings.
 *
 * Besides them, Permissions-Policy lets the page use the camera (photos of parts) and nothing
 * asks for the position or the microphone, and /api answers carry Cache-Control: no-store. Only these headers are sent. Helmet's other defaults are off on purpose:
 * - Strict-Transport-Security on plain HTTP: the app is often reached that way on the yard's
 *   network. It is sent (one year, this host only: other hosts of the yard's domain may still be
 *   plain HTTP) on every answer to a request that came over HTTPS: directly, or through a proxy
 *   trusted with TRUST_PROXY that says so in X-Forwarded-Proto. The session cookie is Secure on
 *   exactly the same requests (modules/accounts/session.cookie.ts).
 * - CSP `upgrade-insecure-requests` (a helmet default directive): it would break that plain-HTTP use.
 * - Cross-Origin-Resource-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 *   X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection: never sent before,
 *   and nothing here needs them (same origin everywhere, no Flash, no old Internet Explorer).
 */
export default fp(
  (app, _options, done) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(app.config.webDist)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Photos are the app's own /media/ files (the contract refuses other URLs); blob: for the
          // preview of a photo being uploaded, data: for the stylesheet's small icons.
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header('permissions-policy', 'camera=(self), geolocation=(), microphone=()');
      // request.protocol reads X-Forwarded-Proto only from a proxy trusted by TRUST_PROXY.
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
      // API answers are never stored by a cache; images under /media and the app's files keep theirs.
      if (request.url === '/api' || request.url.startsWith('/api/'))
        reply.header('cache-control', 'no-store');
      done();
    });
    done();
  },
  { name: 'security-headers', dependencies: ['config'] },
);
