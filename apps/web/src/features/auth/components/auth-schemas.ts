// The account forms' contract schemas, in a module of their own that the forms load on first use
// (lib/lazy-schema-resolver.ts): zod is then not among the sign-in screen's first scripts.
import { z } from 'zod';
import { PasswordSchema } from '@magazzino/contract';

export {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  SignupInputSchema,
  TwoFactorLoginInputSchema,
} from '@magazzino/contract';

/** 'Salva la nuova password': the new password alone (the token comes from the mailed link). */
export const NewPasswordSchema = z.object({ password: PasswordSchema });
