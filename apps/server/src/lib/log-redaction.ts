import type { FastifyRequest } from 'fastify';

/** A URL fit for the logs: the password-reset token in the path is masked. */
function redactUrl(url: string): string {
  return url.replace(/(\/reset-password\/:?)[^/?#]+/, '$1[redacted]');
}

/** The request part of each log line (Fastify's default fields), without secrets in the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
