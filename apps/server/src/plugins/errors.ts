import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@magazzino/contract';
import type { FastifyError, FastifyReply } from 'fastify';
import { isCancelledStatement } from '../db/dialect.js';
import { AppError, errors } from '../lib/errors.js';

function send(reply: FastifyReply, error: AppError) {
  const body: ApiErrorBody = { error: error.message, code: error.code };
  if (error.fields) body.fields = error.fields;
  if (error.headers) reply.headers(error.headers);
  // Error bodies bypass the route's response schema: they are always ApiError.
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/** Maps Fastify's own failures (body parsing, limits) onto the catalogue. */
function fromFastify(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.badRequest('Il corpo della richiesta non è un JSON valido.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType('Tipo di contenuto non supportato.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badRequest('Lunghezza del contenuto non valida.');
    default:
      break;
  }
  if (error.statusCode === 429) {
    return new AppError(429, 'RATE_LIMITED', 'Troppi tentativi: riprova più tardi.');
  }
  if (error.statusCode === 413) return errors.payloadTooLarge();
  if (error.statusCode === 415) return errors.unsupportedMediaType('Tipo di contenuto non supportato.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return errors.badRequest('Richiesta non valida.');
  }
  return undefined;
}

/**
 * One handler turns every failure into the contract's error JSON. 5xx details are logged with
 * the request id and never sent: no stack, SQL or path reaches the client.
 */
export default fp(
  (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known =
        error instanceof AppError
          ? error
          : isCancelledStatement(error)
            ? errors.readTooLong()
            : fromFastify(error);
      if (known) {
        if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        // A flood of 429s is summed up by the request log (lib/request-log.ts), not told twice.
        else if (known.statusCode === 429) request.log.debug({ code: known.code }, known.message);
        else request.log.info({ code: known.code, status: known.statusCode }, known.message);
        return send(reply, known);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, new AppError(500, 'INTERNAL', 'Errore interno del server. Riprova più tardi.'));
    });
    return Promise.resolve();
  },
  { name: 'errors' },
);
