import { z } from 'zod';
import { LIMITS } from './limits.js';
import { AccountStatusSchema, RoleSchema } from './roles.js';

const emailSchema = z
  .string({ error: "L'email è obbligatoria" })
  .trim()
  .min(1, { error: "L'email è obbligatoria" })
  .max(LIMITS.emailMax, { error: "L'email è troppo lunga" })
  .pipe(z.email({ error: "L'email non è valida" }))
  .transform((email) => email.toLowerCase());

/** A password: 8 to 128 characters, nothing else required (docs/product.md, "Accounts and sessions"). */
export const PasswordSchema = z
  .string({ error: 'La password è obbligatoria' })
  .min(1, { error: 'La password è obbligatoria' })
  .min(LIMITS.passwordMin, {
    error: `La password deve avere almeno ${LIMITS.passwordMin} caratteri`,
  })
  .max(LIMITS.passwordMax, {
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
    }),
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

/** The public profile of a user: never a hash or a token. */
export const UserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    username: z.string(),
    createdAt: z.string(),
    role: RoleSchema.describe("Il ruolo, che decide che cosa l'utente può fare (ROLE_PERMISSIONS)"),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** An account as the 'Utenti' page lists it: the profile and whether it may sign in. */
export const UserAccountSchema = UserSchema.extend({
  status: AccountStatusSchema.describe(
    'attivo: può accedere; disabilitato: nessuna sessione, accesso negato',
  ),
}).meta({ id: 'UserAccount' });
export type UserAccount = z.infer<typeof UserAccountSchema>;

/** PATCH /api/users/{id}: a new role, a new status, or both (at least one). */
export const UserUpdateInputSchema = z.object({
  role: RoleSchema.optional(),
  status: AccountStatusSchema.optional(),
});
export type UserUpdateInput = z.output<typeof UserUpdateInputSchema>;

/** How new accounts come in: SIGNUP (set on the server) and the role they get. */
export const AccountSettingsSchema = z
  .object({
    signup: z
      .enum(['open', 'closed'])
      .describe('open: chiunque si registra da /register; closed: solo npm run user:create'),
    signupRole: RoleSchema.describe('Il ruolo dei nuovi account (il primo account è sempre amministratore)'),
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/** PUT /api/users/settings: the role new accounts get. */
export const AccountSettingsInputSchema = z.object({ signupRole: RoleSchema });
export type AccountSettingsInput = z.output<typeof AccountSettingsInputSchema>;

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;
