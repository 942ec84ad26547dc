import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES, SETTABLE_ACCOUNT_STATUSES, SIGNUP_MODES } from './roles.js';

/** A role as the API accepts it (roles.ts names them and what each may do). */
export const RoleSchema = z.enum(ROLES, {
  error: 'Il ruolo deve essere amministratore, magazziniere o sola_lettura',
});

export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo, disabilitato o in_attesa',
});

/** The statuses an amministratore sets with PATCH /api/users/{id}. */
export const SettableAccountStatusSchema = z.enum(SETTABLE_ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo o disabilitato',
});

export const SignupModeSchema = z.enum(SIGNUP_MODES);
