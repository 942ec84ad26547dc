import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, UploadResultSchema } from '@magazzino/contract';
import { z } from 'zod';
import { errors } from '../../lib/errors.js';
import { contentRange, requestedRange } from './media-ranges.js';
import { MEDIA_NAME } from './media-urls.js';
import { RangeNotSatisfiableError, type StoredObject } from './storage/media-storage.js';

/** Name of the multipart field that carries the image (kept from the original front end). */
export const UPLOAD_FIELD = 'my_file';

function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * POST /upload (mounted under /api/componenti), behind the session guard. Multipart parsing is
 * registered here only: nowhere else accepts multipart bodies.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // The parser stops reading the file at the limit and marks it truncated: never buffered.
    limits: {
      fileSize: app.config.maxUploadBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 50,
    },
    throwFileSizeLimit: false,
  });
  app.addHook('onRequest', app.requireSession);

  app.post(
    '/upload',
    {
      config: { permission: 'parts:write' },
      schema: {
        tags: ['componenti'],
        summary: "Carica l'immagine di un componente",
        description:
          'multipart/form-data con un file nel campo `my_file`: JPEG, PNG, WebP, GIF o AVIF, riconosciuti dal ' +
          "contenuto. Limite MAX_UPLOAD_MB (10 MB). L'immagine è ruotata secondo l'EXIF, privata dei metadati " +
          '(nessun GPS) e salvata in WebP (lato lungo ≤ 1600 px) con una miniatura larga 240 px. ' +
          '`secure_url` va salvato in `urlImmagine`. Le immagini sono servite (senza sessione) in ' +
          'GET /media/<sha256>.webp e /media/<sha256>-thumb.webp, con Cache-Control immutable; ' +
          "/media/<sha256>-640.webp è un'anteprima larga 640 px, creata alla prima richiesta.",
        security: [{ session: [] }],
        // For the OpenAPI document only: the file arrives as a stream (see validatorCompiler).
        consumes: ['multipart/form-data'],
        body: z.object({ [UPLOAD_FIELD]: z.unknown().meta({ type: 'string', format: 'binary' }) }),
        response: {
          201: UploadResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
      // The route has no params or query, and its body is read by the handler from the multipart
      // stream (request.body stays null): nothing for the validator to check here.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw errors.uploadNotMultipart();
      let part: MultipartFile | undefined;
      try {
        part = await request.file();
      } catch (error) {
        if (hasClientStatus(error)) throw error;
        throw errors.badRequest('Il corpo multipart della richiesta non è valido.');
      }
      if (!part) throw errors.uploadMissingFile();
      if (part.fieldname !== UPLOAD_FIELD) {
        // Read the rest of the body so the answer reaches the client on a kept-alive connection.
        part.file.resume();
        throw errors.uploadMissingFile();
      }
      const file = part.file;
      const result = await app.media.upload(
        { stream: file, truncated: () => file.truncated },
        request.user?._id ?? null,
      );
      return reply.code(201).send(result);
    },
  );
};

/** Headers of every image answer: a name never changes content, so it is cached for a year. */
function cacheHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
}

/**
 * GET /media/<name>: stored images, public, cached for a year (names change with content),
 * streamed from the storage. A matching If-None-Match answers 304 before anything else; a single
 * byte range (Range, honoured when If-Range is absent or names this image) answers 206, or 416
 * when it starts past the end; anything else gets the whole image.
 */
export const serveRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/media/:name',
    {
      schema: {
        // Binary files, not JSON API: described in the upload route instead.
        hide: true,
        params: z.object({ name: z.string() }),
        response: {
          200: z.unknown(),
          206: z.unknown(),
          304: z.unknown(),
          404: ApiErrorSchema,
          416: z.unknown(),
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // The strict pattern is the whole defence against path tricks: nothing else reaches storage.
      if (!MEDIA_NAME.test(name)) throw errors.imageNotFound();
      const etag = `"${name.slice(0, -'.webp'.length)}"`;
      if (request.headers['if-none-match'] === etag && (await app.media.isStored(name))) {
        return cacheHeaders(reply, etag).code(304).send();
      }
      // Ranges are defined for GET only (RFC 9110): a HEAD describes the whole image.
      const range = request.method === 'GET' ? requestedRange(request.headers, etag) : null;
      let object: StoredObject | null;
      try {
        object = await app.media.open(name, range ?? undefined);
      } catch (error) {
        if (!(error instanceof RangeNotSatisfiableError)) throw error;
        return reply.code(416).header('content-range', `bytes */${error.size}`).send();
      }
      // Errors (404, 503) go out without the cache headers: they must not be kept for a year.
      if (!object) throw errors.imageNotFound();
      cacheHeaders(reply, etag).type('image/webp').header('accept-ranges', 'bytes');
      if (object.range) {
        const { start, end } = object.range;
        reply.code(206).header('content-range', contentRange(object.range, object.size));
        return reply.header('content-length', String(end - start + 1)).send(object.body);
      }
      return reply.header('content-length', String(object.size)).send(object.body);
    },
  );
  return Promise.resolve();
};
