import { z } from 'zod';
import { AccountNameSchema, ActivityQuerySchema } from './history.js';
import { SECURITY_EVENT_TYPES } from './security-events.js';

// The event types, their labels, the reasons of failed sign-ins: security-events.ts, without zod.

export const SecurityEventTypeSchema = z.enum(SECURITY_EVENT_TYPES, {
  error: 'Il tipo di evento non è tra quelli del registro di sicurezza',
});

/** A fact of an event (old and new role, the reason of a failure, how many sessions ended): never a secret. */
export const SecurityDetailsSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .meta({ id: 'SecurityDetails' });
export type SecurityDetails = z.infer<typeof SecurityDetailsSchema>;

/** One entry of the security log (GET /api/sicurezza/registro). */
export const SecurityEventSchema = z
  .object({
    _id: z.string(),
    at: z.string().describe('Quando (ISO 8601, UTC)'),
    tipo: SecurityEventTypeSchema,
    utente: AccountNameSchema.nullable().describe(
      "L'account interessato; null per un indirizzo sconosciuto o un account poi cancellato",
    ),
    autore: AccountNameSchema.nullable().describe(
      "Chi ha agito: l'utente stesso, un amministratore; null per il sistema o un visitatore sconosciuto",
    ),
    email: z
      .string()
      .nullable()
      .describe("L'indirizzo scritto in un accesso fallito, o quello di un account rifiutato"),
    ip: z.string().nullable().describe("L'indirizzo IP da cui è arrivata la richiesta"),
    dispositivo: z.string().nullable().describe('Il browser e il sistema, descritti dallo user agent'),
    dettagli: SecurityDetailsSchema,
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

/** `tipo=a,b` or `tipo=a&tipo=b`: one or more event types. */
const typesParam = z
  .union([z.string(), z.array(z.string())], { error: 'Il filtro tipo deve essere un testo' })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(
    z
      .array(SecurityEventTypeSchema, {
        error: 'Il filtro tipo non è valido',
      })
      .max(SECURITY_EVENT_TYPES.length, { error: 'Il filtro tipo elenca troppi tipi' }),
  )
  .optional();

/**
 * GET /api/sicurezza/registro: the security log, newest first, optionally of some event types
 * (`tipo`), of one account (`utente`, its _id, as subject or as actor) and within [dal, al)
 * (the web app sends the bounds of local days).
 */
export const SecurityLogQuerySchema = ActivityQuerySchema.extend({ tipo: typesParam });
export type SecurityLogQuery = z.output<typeof SecurityLogQuerySchema>;

/** One of the caller's open sessions ('Sessioni attive', GET /api/sessioni). */
export const SessionInfoSchema = z
  .object({
    _id: z.string().describe('Identificativo pubblico della sessione (non è il cookie)'),
    dispositivo: z.string().describe("Browser e sistema, per esempio 'Chrome su Android'"),
    ip: z.string().nullable().describe("L'indirizzo IP dell'ultimo accesso"),
    iniziataIl: z.string().describe("Quando è stato fatto l'accesso (ISO 8601)"),
    ultimoUso: z.string().describe("L'ultima richiesta, al minuto (ISO 8601)"),
    corrente: z.boolean().describe('Vero per la sessione di questa richiesta'),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** DELETE /api/sessioni: how many of the other sessions ended. */
export const SessionsEndedSchema = z
  .object({ chiuse: z.number().int().describe('Sessioni chiuse') })
  .meta({ id: 'SessionsEnded' });
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

export const SessionIdParamsSchema = z.object({
  id: z
    .string({ error: "L'identificativo della sessione deve essere un testo" })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "L'identificativo della sessione non è valido" }),
});
