import { z } from 'zod';

/**
 * Two-factor sign-in (docs/product.md, "Two-factor sign-in"): TOTP codes of RFC 6238 from an
 * authenticator app, as those apps expect them (6 digits, a new one every 30 seconds, SHA-1), and
 * ten single-use recovery codes for a lost phone.
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Recovery codes given at enrolment (and again on 'Genera nuovi codici'). */
  recoveryCodes: 10,
  /** A started enrolment waits this long for its first code. */
  setupMinutes: 10,
  /** After the right password, the code is awaited this long. */
  challengeMinutes: 5,
  /** Wrong codes one sign-in may give before it has to start again from the password. */
  challengeAttempts: 5,
  /** How a recovery code is written: three groups of four letters and digits, `abcd-efgh-jk23`. */
  recoveryCodePattern: /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/,
} as const;

/** What a person types, spaces and dashes taken out (a code read aloud or copied with them). */
export function compactCode(code: string): string {
  return code.replace(/[\s-]+/g, '');
}

/** Whether `code` (compacted) is a code of the authenticator app rather than a recovery code. */
export function isAuthenticatorCode(code: string): boolean {
  return new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(compactCode(code));
}

const CODE_REQUIRED = 'Il codice è obbligatorio';

/** A code field: required, trimmed, of a reasonable length (the rules of each route follow). */
const codeText = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? CODE_REQUIRED : 'Il codice deve essere un testo',
  })
  .trim()
  .min(1, { error: CODE_REQUIRED, abort: true })
  .max(64, { error: 'Il codice è troppo lungo' });

/** The 6-digit code shown by the authenticator app (spaces allowed: '123 456'). */
export const AuthenticatorCodeSchema = codeText.refine(isAuthenticatorCode, {
  error: `Il codice deve avere ${TWO_FACTOR.digits} cifre: lo trovi nell'app di autenticazione`,
});

/** A code of the app or a recovery code: either proves the second factor. */
export const SecondFactorCodeSchema = codeText.refine(
  (code) =>
    isAuthenticatorCode(code) || TWO_FACTOR.recoveryCodePattern.test(formatRecoveryCode(compactCode(code))),
  {
    error: `Il codice deve avere ${TWO_FACTOR.digits} cifre, oppure essere un codice di recupero come abcd-efgh-jk23`,
  },
);

/** A recovery code as it is shown: lower case, in three groups of four. */
export function formatRecoveryCode(compact: string): string {
  const lower = compact.toLowerCase();
  return [lower.slice(0, 4), lower.slice(4, 8), lower.slice(8)].filter((part) => part !== '').join('-');
}

/**
 * POST /api/users/me/two-factor/confirm and /recovery-codes: a current code of the app (the
 * enrolment's first one proves the app holds the secret).
 */
export const TwoFactorCodeInputSchema = z.object({ codice: AuthenticatorCodeSchema });
export type TwoFactorCodeInput = z.output<typeof TwoFactorCodeInputSchema>;

/** POST /api/users/login/two-factor: the second step of a sign-in, a code of the app or a recovery code. */
export const TwoFactorLoginInputSchema = z.object({ codice: SecondFactorCodeSchema });
export type TwoFactorLoginInput = z.output<typeof TwoFactorLoginInputSchema>;

/** POST /api/users/me/two-factor/disable: the password and a code (of the app or a recovery one). */
export const TwoFactorDisableInputSchema = z.object({
  password: z
    .string({ error: 'La password è obbligatoria' })
    .min(1, { error: 'La password è obbligatoria' })
    .max(1024, { error: 'La password è troppo lunga' }),
  codice: SecondFactorCodeSchema,
});
export type TwoFactorDisableInput = z.output<typeof TwoFactorDisableInputSchema>;

/** GET /api/users/me/two-factor: the state of the account's two-factor sign-in. */
export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean().describe('Se la verifica in due passaggi è attiva'),
    enabledAt: z.string().nullable().describe('Da quando è attiva (ISO 8601)'),
    recoveryCodesLeft: z.number().int().describe('Codici di recupero non ancora usati'),
    required: z
      .boolean()
      .describe('Se un amministratore la richiede per tutti (allora non si può disattivare)'),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/users/me/two-factor/setup: what the authenticator app needs, shown once. */
export const TwoFactorSetupSchema = z
  .object({
    otpauthUri: z.string().describe("L'indirizzo otpauth:// che il codice QR contiene"),
    qrSvg: z.string().describe("Il codice QR dell'indirizzo, come immagine SVG"),
    secret: z
      .string()
      .describe("La chiave segreta in gruppi di quattro caratteri, da scrivere a mano nell'app"),
    expiresAt: z.string().describe('Entro quando confermare con il primo codice (ISO 8601)'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** The recovery codes, shown once: after enrolment and after 'Genera nuovi codici'. */
export const RecoveryCodesSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .describe('Dieci codici di recupero, ciascuno valido una volta: non vengono mostrati di nuovo'),
  })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/**
 * The answer of POST /api/users/login when the password is right and the account has two-factor
 * sign-in: no session yet, the code goes to POST /api/users/login/two-factor (a short-lived
 * cookie ties the two steps).
 */
export const TwoFactorChallengeSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    message: z.string(),
    expiresAt: z.string().describe('Entro quando inserire il codice (ISO 8601)'),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

// isTwoFactorChallenge lives in two-factor-challenge.ts, without zod: the sign-in screen asks it
// before any schema is loaded.

/** PUT /api/users/settings/two-factor: the amministratore's switch, two-factor sign-in for every account. */
export const TwoFactorRequiredInputSchema = z.object({
  required: z.boolean({
    error: 'Indica se la verifica in due passaggi è obbligatoria per tutti (true o false)',
  }),
});
export type TwoFactorRequiredInput = z.output<typeof TwoFactorRequiredInputSchema>;
