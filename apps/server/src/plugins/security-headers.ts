import fp from 'fastify-plugin';

/**
 * Conservative security headers on every answer. The web app loads no inline script (the theme
 * bootstrap is a file), so script-src can stay 'self'.
 */
const HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; '),
};

export default fp(
  (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(HEADERS)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      return payload;
    });
    return Promise.resolve();
  },
  { name: 'security-headers' },
);
