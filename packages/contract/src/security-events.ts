// The events of the security log and their labels, without zod: the web app's texts need them on
// every page (security.ts builds the schemas on them).

/**
 * What the security log records (docs/product.md, "Security log"): who signed in or failed to,
 * changed a password, ended a session, changed an account or the settings. Stable snake_case
 * codes; people read SECURITY_EVENT_LABELS.
 */
export const SECURITY_EVENT_TYPES = [
  'accesso_riuscito',
  'accesso_fallito',
  'uscita',
  'password_cambiata',
  'password_reimpostata',
  'reimpostazione_richiesta',
  'sessione_chiusa',
  'account_creato',
  'account_approvato',
  'account_rifiutato',
  'account_disabilitato',
  'account_riattivato',
  'ruolo_cambiato',
  'impostazioni_cambiate',
  'due_fattori_attivati',
  'due_fattori_disattivati',
  'due_fattori_azzerati',
  'codice_recupero_usato',
  'codice_due_fattori_errato',
  'due_fattori_obbligatori',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** How the UI names each event of the security log. */
export const SECURITY_EVENT_LABELS = {
  accesso_riuscito: 'Accesso riuscito',
  accesso_fallito: 'Accesso non riuscito',
  uscita: 'Uscita',
  password_cambiata: 'Password cambiata',
  password_reimpostata: 'Password reimpostata',
  reimpostazione_richiesta: 'Reimpostazione password richiesta',
  sessione_chiusa: 'Sessione chiusa',
  account_creato: 'Account creato',
  account_approvato: 'Account approvato',
  account_rifiutato: 'Richiesta di account rifiutata',
  account_disabilitato: 'Account disabilitato',
  account_riattivato: 'Account riattivato',
  ruolo_cambiato: 'Ruolo cambiato',
  impostazioni_cambiate: 'Impostazioni cambiate',
  due_fattori_attivati: 'Verifica in due passaggi attivata',
  due_fattori_disattivati: 'Verifica in due passaggi disattivata',
  due_fattori_azzerati: 'Verifica in due passaggi azzerata da un amministratore',
  codice_recupero_usato: 'Codice di recupero usato',
  codice_due_fattori_errato: 'Codice di verifica errato',
  due_fattori_obbligatori: 'Verifica in due passaggi resa obbligatoria',
} as const satisfies Record<SecurityEventType, string>;

/**
 * Why a sign-in failed (`dettagli.motivo` of `accesso_fallito`). Only the log says it: the
 * sign-in page answers the same for an unknown address as for a wrong password.
 */
export const SIGN_IN_FAILURE_REASONS = [
  'password_errata',
  'indirizzo_sconosciuto',
  'account_disabilitato',
  'account_in_attesa',
  'troppi_tentativi',
] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

export const SIGN_IN_FAILURE_LABELS = {
  password_errata: 'password errata',
  indirizzo_sconosciuto: 'indirizzo non registrato',
  account_disabilitato: 'account disabilitato',
  account_in_attesa: 'account in attesa di approvazione',
  troppi_tentativi: 'troppi tentativi',
} as const satisfies Record<SignInFailureReason, string>;

/** Days an entry of the security log is kept, then deleted by the hourly purge. */
export const SECURITY_LOG_RETENTION_DAYS = 180;
