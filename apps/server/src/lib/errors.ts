import type { ErrorCode } from '@magazzino/contract';

/** A failure meant for the client: status, stable code, Italian message, optional field messages. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The error catalogue: every client-facing failure is built here. */
export const errors = {
  badRequest: (message: string, fields?: Record<string, string>) =>
    new AppError(400, fields ? 'VALIDATION' : 'BAD_REQUEST', message, fields),
  validation: (fields: Record<string, string>) =>
    new AppError(
      400,
      'VALIDATION',
      'Alcuni campi non sono validi: ' + Object.values(fields).join('; '),
      fields,
    ),
  unauthenticated: () => new AppError(401, 'UNAUTHENTICATED', 'Accesso richiesto: effettua il login.'),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'Email o password non corretti.'),
  forbidden: (message = 'Operazione non consentita.') => new AppError(403, 'FORBIDDEN', message),
  partNotFound: () => new AppError(404, 'NOT_FOUND', 'Componente non trovato.'),
  routeNotFound: (method: string, url: string) =>
    new AppError(404, 'NOT_FOUND', `Risorsa non trovata: ${method} ${url.split('?')[0] ?? ''}`),
  preconditionFailed: () =>
    new AppError(
      412,
      'PRECONDITION_FAILED',
      'Il componente è stato modificato da qualcun altro nel frattempo. Ricarica la versione più recente.',
    ),
  payloadTooLarge: (message = 'La richiesta è troppo grande.') =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', message),
  unsupportedMediaType: (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message),
  serviceUnavailable: () =>
    new AppError(503, 'SERVICE_UNAVAILABLE', 'Servizio momentaneamente non disponibile.'),
};
