import { AppError, errors } from '../../lib/errors.js';

/** The failures of the imports module (the parts of the catalogue only imports use). */
export const importErrors = {
  notFound: () =>
    new AppError(404, 'NOT_FOUND', 'Importazione non trovata: forse è più vecchia di 7 giorni.'),
  notSpreadsheet: () => errors.unsupportedMediaType('Il file deve essere un CSV o un foglio Excel (.xlsx)'),
  tooLarge: () => errors.payloadTooLarge('Il file è troppo grande: il limite è 20 MB.'),
  notMultipart: () =>
    errors.unsupportedMediaType('Il file va inviato come multipart/form-data, nel campo file.'),
  missingFile: () =>
    new AppError(400, 'VALIDATION', 'Nessun file ricevuto: scegli un CSV o un foglio Excel.', {
      file: 'Scegli un CSV o un foglio Excel da importare',
    }),
  emptyFile: () =>
    new AppError(
      400,
      'BAD_REQUEST',
      'Il file è vuoto: serve una riga di intestazione con i nomi delle colonne, poi una riga per componente.',
    ),
  noRows: () =>
    new AppError(
      400,
      'BAD_REQUEST',
      "Il file ha solo la riga di intestazione: non c'è nessun componente da importare.",
    ),
  unreadable: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  fileTooComplex: () =>
    new AppError(
      400,
      'BAD_REQUEST',
      'Il file è troppo complesso da leggere: dividilo in più file e riprova.',
    ),
  badMapping: (message: string) =>
    new AppError(400, 'VALIDATION', `Alcuni campi non sono validi: ${message}`, { mappatura: message }),
  notRunnable: (stato: string) =>
    new AppError(
      409,
      'INVALID_TRANSITION',
      stato === 'in_corso'
        ? "L'importazione è già in corso."
        : "L'importazione è già stata eseguita: per importare di nuovo carica di nuovo il file.",
    ),
};
