import { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  IMPORT_LIMITS,
  ImportListQuerySchema,
  ImportPreviewInputSchema,
  ImportPreviewSchema,
  ImportRunInputSchema,
  ImportSummarySchema,
} from '@magazzino/contract';
import { errors } from '../../lib/errors.js';
import { csvCell } from '../../lib/csv.js';
import type { Actor } from '../parts/parts.bulk.js';
import { importErrors } from './imports.errors.js';
import { docs, failures, guarded, ImportIdParamsSchema, ImportListSchema } from './imports.schemas.js';

/** Name of the multipart field that carries the spreadsheet. */
export const IMPORT_FIELD = 'file';

/** Uploads a user may start in an hour: a clerk imports a few files a day; a script is stopped. */
export const IMPORT_UPLOAD_LIMIT = { max: 60, windowMs: 60 * 60 * 1000 };

/** Who runs an import, as the parts' history records them. */
function actorOf(request: FastifyRequest): Actor {
  return request.user ? { _id: request.user._id, username: request.user.username } : null;
}

function hasClientStatus(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** One line of the refused-rows CSV: ';' separated (Excel's in Italy), cells neutralised like the export's. */
function semicolonLine(values: readonly (string | number)[]): string {
  return values.map(csvCell).join(';') + '\r\n';
}

/** Reads the one file of a multipart upload whole (at most 20 MB: the parser stops there). */
async function receiveFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw importErrors.notMultipart();
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    if (hasClientStatus(error)) throw error;
    throw errors.badRequest('Il corpo multipart della richiesta non è valido.');
  }
  if (!part) throw importErrors.missingFile();
  if (part.fieldname !== IMPORT_FIELD) {
    part.file.resume();
    throw importErrors.missingFile();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw importErrors.tooLarge();
  return { fileName: part.filename || 'file', bytes: Buffer.concat(chunks) };
}

/**
 * Routes of /api/importazioni (docs/product.md, "Importa"): upload, preview, run, progress, the
 * refused rows, the latest imports. Everything needs parts:write. Multipart parsing is
 * registered here for this prefix only.
 */
const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.maxBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 50,
    },
    throwFileSizeLimit: false,
  });
  app.addHook('onRequest', app.requireSession);
  const service = app.imports;
  const uploads = app.createAttemptLimiter([
    {
      name: 'importUploadsPerUser',
      ...IMPORT_UPLOAD_LIMIT,
      key: (request) => request.user?._id ?? request.ip,
    },
  ]);

  app.post(
    '/',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Carica un CSV o un foglio Excel da importare',
        description:
          'multipart/form-data con un file nel campo `file`: CSV UTF-8 (con o senza BOM, separato da `;` o `,`) ' +
          'o XLSX (il primo foglio), riconosciuti dal contenuto; al massimo 20 MB e 200.000 righe. La prima riga ' +
          'non vuota è l’intestazione. La risposta propone la mappatura ricordata per le stesse intestazioni, ' +
          'altrimenti quella indovinata dai nomi delle colonne. Nulla è ancora importato.',
        consumes: ['multipart/form-data'],
        body: z.object({ [IMPORT_FIELD]: z.unknown().meta({ type: 'string', format: 'binary' }) }),
        response: {
          201: ImportSummarySchema,
          400: failures[400],
          413: failures[413],
          415: failures[415],
          429: ApiErrorSchema.describe('Troppi caricamenti in un’ora'),
          ...guarded,
        },
      },
      // The body is read by the handler from the multipart stream: nothing for the validator here.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request, reply) => {
      await uploads.countAttempt(request);
      const file = await receiveFile(request);
      const summary = await service.upload(file, actorOf(request));
      return reply.code(201).header('location', `/api/importazioni/${summary._id}`).send(summary);
    },
  );

  app.get(
    '/',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Le importazioni più recenti (ultimi 7 giorni), dalla più nuova',
        querystring: ImportListQuerySchema,
        response: { 200: ImportListSchema, 400: failures[400], ...guarded },
      },
    },
    async (request) => service.list(request.query.limit),
  );

  app.get(
    '/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: "Lo stato di un'importazione e i suoi contatori (da interrogare mentre è in_corso)",
        params: ImportIdParamsSchema,
        response: { 200: ImportSummarySchema, 404: failures[404], ...guarded },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/:id/anteprima',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary:
          'Anteprima di una mappatura: le prime 20 righe con i loro errori, i conteggi su tutto il file',
        params: ImportIdParamsSchema,
        body: ImportPreviewInputSchema,
        response: { 200: ImportPreviewSchema, 400: failures[400], 404: failures[404], ...guarded },
      },
    },
    async (request) => service.preview(request.params.id, request.body.mappatura),
  );

  app.post(
    '/:id/esegui',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary:
          "Esegue l'importazione in background (crea, o aggiorna per codice); la mappatura è ricordata",
        params: ImportIdParamsSchema,
        body: ImportRunInputSchema,
        response: {
          202: ImportSummarySchema,
          400: failures[400],
          404: failures[404],
          409: failures[409],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const { mappatura, modalita } = request.body;
      const summary = await service.run(request.params.id, mappatura, modalita, actorOf(request));
      return reply.code(202).send(summary);
    },
  );

  app.get(
    '/:id/scartate.csv',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Le righe scartate: le colonne del file più riga ed errore',
        params: ImportIdParamsSchema,
        response: {
          200: {
            description: 'CSV UTF-8 con BOM, separatore punto e virgola, righe CRLF',
            content: { 'text/csv': { schema: z.string() } },
          },
          404: failures[404],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const chunks = await service.rejectsCsv(request.params.id, semicolonLine);
      // A stream, not the JSON the response map describes for the other statuses.
      const raw: FastifyReply = reply;
      raw.header('content-disposition', 'attachment; filename="righe-scartate.csv"');
      return raw.type('text/csv; charset=utf-8').send(Readable.from(chunks, { objectMode: false }));
    },
  );
};

export default importsRoutes;
