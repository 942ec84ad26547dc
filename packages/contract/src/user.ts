import { z } from 'zod';
import { LIMITS } from './limits.js';

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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;
