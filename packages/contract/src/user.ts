import { z } from 'zod';
import { CONTROL_CHARACTERS, controlCharactersMessage } from './common.js';
import { LIMITS } from './limits.js';
import { ACCOUNT_STATUSES, ROLES, SETTABLE_ACCOUNT_STATUSES, SIGNUP_MODES } from './roles.js';

/** Roles, account statuses and sign-up modes as fields of requests (the lists: roles.ts, without zod). */
export const RoleSchema = z.enum(ROLES, {
  error: 'Il ruolo deve essere amministratore, magazziniere o sola_lettura',
});
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo, disabilitato o in_attesa',
});
export const SettableAccountStatusSchema = z.enum(SETTABLE_ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo o disabilitato',
});
export const SignupModeSchema = z.enum(SIGNUP_MODES);

const emailSchema = z
  .string({ error: "L'email è obbligatoria" })
  .trim()
  .min(1, { error: "L'email è obbligatoria" })
  .max(LIMITS.emailMax, { error: "L'email è troppo lunga" })
  .pipe(z.email({ error: "L'email non è valida" }))
  .transform((email) => email.toLowerCase());

/** Characters as a person counts them: code points, so an emoji or an accented letter is one. */
function characters(text: string): number {
  return [...text].length;
}

/**
 * A new password (docs/product.md, "Accounts and sessions"): 12 to 128 characters, any characters
 * (spaces, accents, emoji). The server also refuses the most common breached passwords, which only
 * it knows. Signing in never checks this rule, so older, shorter passwords keep working.
 */
export const PasswordSchema = z
  .string({ error: 'La password è obbligatoria' })
  .min(1, { error: 'La password è obbligatoria', abort: true })
  .refine((password) => characters(password) >= LIMITS.passwordMin, {
    error: `La password deve avere almeno ${LIMITS.passwordMin} caratteri`,
    abort: true,
  })
  .refine((password) => characters(password) <= LIMITS.passwordMax, {
    error: `La password può avere al massimo ${LIMITS.passwordMax} caratteri`,
  });

export const SignupInputSchema = z.object({
  email: emailSchema,
  password: PasswordSchema,
  username: z
    .string({ error: 'Il nome utente è obbligatorio' })
    .trim()
    .min(1, { error: 'Il nome utente è obbligatorio' })
    .max(LIMITS.usernameMax, {
      error: `Il nome utente può avere al massimo ${LIMITS.usernameMax} caratteri`,
    })
    .refine((name) => !CONTROL_CHARACTERS.test(name), { error: controlCharactersMessage('Il nome utente') }),
});
export type SignupInput = z.output<typeof SignupInputSchema>;

export const LoginInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'La password è obbligatoria' })
    .min(1, { error: 'La password è obbligatoria' })
    .max(1024, { error: 'La password è troppo lunga' }),
});
export type LoginInput = z.output<typeof LoginInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.output<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.object({
  password: PasswordSchema,
  token: z.string().optional(),
});

/** POST /api/users/me/password: the password in use, to prove it is the owner, and the new one. */
export const ChangePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: 'La password attuale è obbligatoria' })
      .min(1, { error: 'La password attuale è obbligatoria' })
      .max(1024, { error: 'La password è troppo lunga' }),
    newPassword: PasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ['newPassword'],
    error: 'La nuova password deve essere diversa da quella attuale',
  });
export type ChangePasswordInput = z.output<typeof ChangePasswordInputSchema>;

/**
 * The answer to a sign-up that did not sign anyone in (every one but an installation's first):
 * the same for an address that already has an account as for a new one, so that sign-up cannot
 * tell which addresses are registered. `signup` says what happens next.
 */
export const SignupAcceptedSchema = z
  .object({
    message: z.string(),
    signup: z
      .enum(['approval', 'open'])
      .describe(
        "approval: un amministratore deve approvare l'account; open: si accede con la password scelta",
      ),
  })
  .meta({ id: 'SignupAccepted' });
export type SignupAccepted = z.infer<typeof SignupAcceptedSchema>;

/** GET /api/users/signup: how sign-up works here, so the register screen can say it first. */
export const SignupInfoSchema = z
  .object({ signup: SignupModeSchema.describe('Come entrano i nuovi account (SIGNUP)') })
  .meta({ id: 'SignupInfo' });
export type SignupInfo = z.infer<typeof SignupInfoSchema>;

/** The public profile of a user: never a hash or a token. */
export const UserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    username: z.string(),
    createdAt: z.string(),
    role: RoleSchema.describe("Il ruolo, che decide che cosa l'utente può fare (ROLE_PERMISSIONS)"),
    twoFactorEnabled: z
      .boolean()
      .optional()
      .describe(
        "Se l'account accede con la verifica in due passaggi (GET /api/users/me, 'Utenti', l'accesso)",
      ),
    twoFactorSetupRequired: z
      .boolean()
      .optional()
      .describe(
        "Vero quando un amministratore richiede la verifica in due passaggi e l'account non l'ha ancora attivata: la sessione può solo attivarla",
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** An account as the 'Utenti' page lists it: the profile and whether it may sign in. */
export const UserAccountSchema = UserSchema.extend({
  status: AccountStatusSchema.describe(
    'attivo: può accedere; disabilitato: nessuna sessione, accesso negato; in_attesa: registrato, aspetta che un amministratore lo approvi',
  ),
}).meta({ id: 'UserAccount' });
export type UserAccount = z.infer<typeof UserAccountSchema>;

/** PATCH /api/users/{id}: a new role, a new status, or both (at least one). */
export const UserUpdateInputSchema = z.object({
  role: RoleSchema.optional(),
  status: SettableAccountStatusSchema.optional(),
});
export type UserUpdateInput = z.output<typeof UserUpdateInputSchema>;

/** POST /api/users/{id}/approve: the role a waiting account gets as it becomes active. */
export const UserApprovalInputSchema = z.object({ role: RoleSchema });
export type UserApprovalInput = z.output<typeof UserApprovalInputSchema>;

/** How new accounts come in: SIGNUP (set on the server) and the role they get. */
export const AccountSettingsSchema = z
  .object({
    signup: SignupModeSchema.describe(
      'approval: chi si registra da /register aspetta che un amministratore lo approvi; open: entra subito con il ruolo dei nuovi account; closed: solo npm run user:create',
    ),
    signupRole: RoleSchema.describe(
      'Il ruolo dei nuovi account, proposto quando si approva una richiesta (il primo account è sempre amministratore)',
    ),
    twoFactorRequired: z
      .boolean()
      .describe(
        'Se ogni account deve accedere con la verifica in due passaggi (PUT /api/users/settings/two-factor)',
      ),
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/** PUT /api/users/settings: the role new accounts get. */
export const AccountSettingsInputSchema = z.object({ signupRole: RoleSchema });
export type AccountSettingsInput = z.output<typeof AccountSettingsInputSchema>;

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;
