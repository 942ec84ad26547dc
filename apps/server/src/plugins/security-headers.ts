import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Conservative security headers on every answer (pages, API, images, errors), through helmet.
 * The web app loads no inline script (the theme bootstrap is a file), so script-src stays 'self'.
 *
 * Only these five headers are sent. Helmet's other defaults are off on purpose:
 * - Strict-Transport-Security: the app is often reached over plain HTTP on the yard's network;
 *   whether a host is HTTPS-only is for the TLS proxy in front of it to say.
 * - CSP `upgrade-insecure-requests` (a helmet default directive): it would break that plain-HTTP use.
 * - Cross-Origin-Resource-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 *   X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection: never sent before,
 *   and nothing here needs them (same origin everywhere, no Flash, no old Internet Explorer).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
  },
  { name: 'security-headers' },
);
