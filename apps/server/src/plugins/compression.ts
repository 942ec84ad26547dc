import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers are not worth the work: the headers alone are about this size. */
const MIN_BYTES = 1024;

/**
 * The encoding to answer with: brotli when the request accepts it, else gzip, else none (an
 * encoding listed with q=0 is refused).
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((item) => item.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses the JSON answers of the API for a browser that accepts it, brotli first: the list of
 * 20 parts is 19 KB as JSON and a fifth of it as brotli, on a phone's data connection (bench/README.md,
 * "Bytes"). Only JSON sent whole (a string or a Buffer) and of at least 1 KB: streams (the CSV and
 * XLSX exports, the unpaged list) pass as they are, and the web app's own files come precompressed
 * (plugins/web.ts). Brotli at quality 5: most of the gain of 11 at a fraction of its time.
 */
export default fp(
  (app, _options, done) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const size = Buffer.byteLength(payload);
      if (size < MIN_BYTES) return payload;
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary))
        reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const body =
        encoding === 'br'
          ? await brotliCompress(payload, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            })
          : await gzip(payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return body;
    });
    done();
  },
  { name: 'compression' },
);
