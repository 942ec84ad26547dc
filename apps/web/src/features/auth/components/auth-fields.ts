import { LIMITS } from '@magazzino/contract';
import type { FormFieldProps } from '../../../components/FormField';
import { auth } from '../../../i18n/auth';

const t = auth;

/** One input of an account form, named as its API field; every one is required and starts empty. */
export interface AuthField<Name extends string = string> {
  name: Name;
  label: string;
  control?: 'text' | 'email' | 'password';
  /** What the browser (or a password manager) may fill in. */
  autoComplete: FormFieldProps['autoComplete'];
  hint?: string;
}

/** The inputs the account screens are made of. */
export const authFields = {
  username: { name: 'username', label: t.fields.username, autoComplete: 'username' },
  email: { name: 'email', label: t.fields.email, control: 'email', autoComplete: 'email' },
  /** The account's password, to sign in with. */
  password: {
    name: 'password',
    label: t.fields.password,
    control: 'password',
    autoComplete: 'current-password',
  },
  /** A password being chosen: the browser may suggest one, and the rule is shown under it. */
  newPassword: {
    name: 'password',
    label: t.fields.password,
    control: 'password',
    autoComplete: 'new-password',
    hint: t.passwordHint(LIMITS.passwordMin),
  },
} as const satisfies Record<string, AuthField>;
