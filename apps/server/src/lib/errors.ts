import { ROLE_LABELS, type ErrorCode, type Role } from '@magazzino/contract';

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
  // Roles (modules/accounts): the guard, then the rules of the 'Utenti' page.
  roleForbids: (role: Role) =>
    new AppError(
      403,
      'FORBIDDEN',
      `Il tuo ruolo (${ROLE_LABELS[role]}) non permette questa operazione: se ti serve, chiedi a un amministratore.`,
    ),
  lastAdministrator: () =>
    new AppError(
      409,
      'LAST_ADMIN',
      "È l'unico amministratore attivo: nomina prima un altro amministratore, poi cambia il suo ruolo o disabilitalo.",
    ),
  selfDisable: () =>
    new AppError(
      409,
      'SELF_DISABLE',
      'Non puoi disabilitare il tuo account: chiedi a un altro amministratore di farlo.',
    ),
  accountDisabled: () =>
    new AppError(
      409,
      'ACCOUNT_DISABLED',
      "L'account è disabilitato: riattivalo prima di inviare il link per cambiare la password.",
    ),
  // Sign-up approval (modules/accounts): a waiting account, and what only a waiting one allows.
  accountPending: () =>
    new AppError(
      403,
      'ACCOUNT_PENDING',
      'Il tuo account è in attesa di approvazione: potrai accedere quando un amministratore lo avrà approvato.',
    ),
  accountAwaitsApproval: () =>
    new AppError(
      409,
      'ACCOUNT_PENDING',
      "L'account è in attesa di approvazione: approvalo, scegliendo il ruolo, oppure rifiutalo.",
    ),
  notPending: () =>
    new AppError(
      409,
      'NOT_PENDING',
      "L'account non è in attesa di approvazione: non c'è nulla da approvare o rifiutare.",
    ),
  wrongCurrentPassword: () =>
    new AppError(400, 'VALIDATION', 'Alcuni campi non sono validi: La password attuale non è corretta', {
      currentPassword: 'La password attuale non è corretta',
    }),
  userNotFound: () => new AppError(404, 'NOT_FOUND', 'Utente non trovato.'),
  sessionNotFound: () =>
    new AppError(404, 'NOT_FOUND', 'Sessione non trovata: forse è già stata chiusa o è scaduta.'),
  signupClosed: () =>
    new AppError(
      403,
      'SIGNUP_CLOSED',
      "La registrazione di nuovi utenti è chiusa: chiedi all'amministratore di creare il tuo account.",
    ),
  crossOrigin: () =>
    new AppError(
      403,
      'CROSS_ORIGIN',
      'Richiesta rifiutata: proviene da un altro sito. Usa Magazzino Ricambi dal suo indirizzo.',
    ),
  emailTaken: () =>
    new AppError(409, 'EMAIL_TAKEN', 'Esiste già un account con questa email.', {
      email: 'Questa email è già registrata',
    }),
  invalidResetToken: () =>
    new AppError(
      400,
      'INVALID_TOKEN',
      'Il link per reimpostare la password non è valido, è già stato usato o è scaduto: richiedine uno nuovo.',
    ),
  // Two-factor sign-in (modules/accounts, two-factor.*).
  wrongSignInCode: () =>
    new AppError(401, 'INVALID_CREDENTIALS', 'Codice non corretto: controlla il codice e riprova.', {
      codice: "Il codice non è corretto o è già stato usato: usa quello che l'app mostra ora",
    }),
  wrongTwoFactorCode: () =>
    new AppError(
      400,
      'VALIDATION',
      "Alcuni campi non sono validi: Il codice non è corretto o è già stato usato: usa quello che l'app mostra ora",
      { codice: "Il codice non è corretto o è già stato usato: usa quello che l'app mostra ora" },
    ),
  wrongPassword: () =>
    new AppError(400, 'VALIDATION', 'Alcuni campi non sono validi: La password non è corretta', {
      password: 'La password non è corretta',
    }),
  twoFactorChallengeExpired: () =>
    new AppError(
      401,
      'TWO_FACTOR_EXPIRED',
      'La richiesta del codice è scaduta o ha ricevuto troppi codici errati: accedi di nuovo con email e password.',
    ),
  twoFactorSetupRequired: () =>
    new AppError(
      403,
      'TWO_FACTOR_SETUP_REQUIRED',
      "L'amministratore richiede la verifica in due passaggi: attivala dal tuo account per continuare.",
    ),
  twoFactorAlreadyEnabled: () =>
    new AppError(
      409,
      'TWO_FACTOR_CONFLICT',
      'La verifica in due passaggi è già attiva: per cambiare telefono disattivala e attivala di nuovo.',
    ),
  twoFactorNotEnabled: () =>
    new AppError(409, 'TWO_FACTOR_CONFLICT', 'La verifica in due passaggi non è attiva su questo account.'),
  twoFactorSetupExpired: () =>
    new AppError(
      409,
      'TWO_FACTOR_CONFLICT',
      "La configurazione è scaduta o non è stata avviata: premi di nuovo 'Attiva' e inquadra il nuovo codice QR.",
    ),
  twoFactorRequiredForAll: () =>
    new AppError(
      409,
      'TWO_FACTOR_CONFLICT',
      "L'amministratore richiede la verifica in due passaggi per tutti: non puoi disattivarla. Se hai perso il telefono, chiedi a un amministratore di azzerarla.",
    ),
  twoFactorRequiredNeedsOwn: () =>
    new AppError(
      409,
      'TWO_FACTOR_CONFLICT',
      'Prima attiva la verifica in due passaggi sul tuo account: poi potrai richiederla a tutti.',
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      `Troppi tentativi: riprova tra ${retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minuti` : `${retryAfterSeconds} secondi`}.`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  partNotFound: () => new AppError(404, 'NOT_FOUND', 'Componente non trovato.'),
  partCodeNotFound: (code: string) =>
    new AppError(404, 'NOT_FOUND', `Nessun componente con il codice ${code}`),
  // A part's life (modules/parts): moves between statuses, the bin.
  invalidTransition: (from: string, to: string, hint: string) =>
    new AppError(409, 'INVALID_TRANSITION', `Un componente ${from} non può diventare ${to}. ${hint}`.trim()),
  notInBin: () =>
    new AppError(
      404,
      'NOT_FOUND',
      'Il componente non è nel cestino: è già stato ripristinato o eliminato per sempre.',
    ),
  categoryNotFound: () =>
    new AppError(404, 'NOT_FOUND', 'Categoria non trovata: nessun componente ha questa categoria.'),
  categoryUnchanged: () =>
    new AppError(400, 'VALIDATION', 'Alcuni campi non sono validi: Il nuovo nome è uguale a quello attuale', {
      a: 'Il nuovo nome è uguale a quello attuale',
    }),
  // Donor vehicles (modules/vehicles).
  vehicleNotFound: () => new AppError(404, 'NOT_FOUND', 'Veicolo non trovato.'),
  targaInUse: (targa: string) =>
    new AppError(409, 'TARGA_IN_USE', `Esiste già un veicolo con targa ${targa}.`, {
      targa: `Esiste già un veicolo con targa ${targa}`,
    }),
  telaioInUse: (telaio: string) =>
    new AppError(409, 'TELAIO_IN_USE', `Esiste già un veicolo con telaio ${telaio}.`, {
      telaio: `Esiste già un veicolo con telaio ${telaio}`,
    }),
  vehicleHasParts: (count: number) =>
    new AppError(
      409,
      'VEHICLE_HAS_PARTS',
      count === 1
        ? 'Il veicolo ha 1 componente collegato: scollegalo o eliminalo prima di eliminare il veicolo.'
        : `Il veicolo ha ${count} componenti collegati: scollegali o eliminali prima di eliminare il veicolo.`,
    ),
  vehicleChanged: () =>
    new AppError(
      412,
      'PRECONDITION_FAILED',
      'Il veicolo è stato modificato da qualcun altro nel frattempo. Ricarica la versione più recente.',
    ),
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
  // Image upload and serving (modules/media).
  uploadNotMultipart: () =>
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "L'immagine va inviata come multipart/form-data, con il file nel campo my_file.",
    ),
  uploadMissingFile: () =>
    new AppError(400, 'VALIDATION', "Nessun file ricevuto: scegli un'immagine da caricare.", {
      my_file: "Scegli un'immagine da caricare",
    }),
  uploadTooLarge: (limitMb: string) =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', `Il file è troppo grande: il limite è ${limitMb} MB.`),
  unsupportedImage: () =>
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "Il file non è un'immagine supportata: sono accettati JPEG, PNG, WebP, GIF e AVIF.",
    ),
  corruptImage: () =>
    new AppError(
      400,
      'BAD_REQUEST',
      "L'immagine è danneggiata o incompleta e non può essere letta: prova con un altro file.",
    ),
  imageTooManyPixels: (width: number, height: number, maxMegapixels: number) =>
    new AppError(
      400,
      'BAD_REQUEST',
      `L'immagine è troppo grande: ${width} × ${height} pixel, al massimo ${maxMegapixels} megapixel.`,
    ),
  imageNotFound: () => new AppError(404, 'NOT_FOUND', 'Immagine non trovata.'),
  serviceUnavailable: () =>
    new AppError(503, 'SERVICE_UNAVAILABLE', 'Servizio momentaneamente non disponibile.'),
  /** The database cancelled a read that ran too long (PG_READ_TIMEOUT_SECONDS). */
  readTooLong: () =>
    new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'La ricerca ha richiesto troppo tempo ed è stata interrotta: restringi i filtri e riprova.',
    ),
  /** The photo storage (an object store) does not answer; `save`: the upload was not kept. */
  photoStorageUnavailable: (action: 'save' | 'read', cause: unknown) => {
    const error = new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      action === 'save'
        ? "Archivio delle foto non raggiungibile: l'immagine non è stata salvata. Riprova tra qualche minuto."
        : 'Archivio delle foto non raggiungibile: riprova tra qualche minuto.',
    );
    // For the log only: the client hears the message above.
    error.cause = cause;
    return error;
  },
};
