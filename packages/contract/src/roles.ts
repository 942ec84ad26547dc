import { z } from 'zod';

/**
 * The roles of an account, as the API writes them (docs/product.md, "Roles"). Stable ASCII codes;
 * people read ROLE_LABELS.
 */
export const ROLES = ['amministratore', 'magazziniere', 'sola_lettura'] as const;

export const RoleSchema = z.enum(ROLES, {
  error: 'Il ruolo deve essere amministratore, magazziniere o sola_lettura',
});
export type Role = z.infer<typeof RoleSchema>;

/** How the UI and the server's messages name each role. */
export const ROLE_LABELS = {
  amministratore: 'Amministratore',
  magazziniere: 'Magazziniere',
  sola_lettura: 'Sola lettura',
} as const satisfies Record<Role, string>;

/**
 * What an account may do, as named capabilities. Every guarded route of the server declares one
 * (`config: { permission }`), and the web app hides a control whose permission the user lacks.
 */
export const PERMISSIONS = [
  /** Its own profile (GET /api/users/me). */
  'profile:read',
  /** Look, search, list by category or location, export CSV. */
  'parts:read',
  /** Add, edit and delete parts, upload their photos. */
  'parts:write',
  /** The 'Utenti' page: roles, enabling and disabling accounts, reset mails, default role. */
  'users:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Each role as the set of its permissions: the one table the server and the web app both read. */
export const ROLE_PERMISSIONS = {
  amministratore: ['profile:read', 'parts:read', 'parts:write', 'users:manage'],
  magazziniere: ['profile:read', 'parts:read', 'parts:write'],
  sola_lettura: ['profile:read', 'parts:read'],
} as const satisfies Record<Role, readonly Permission[]>;

/** Whether `role` includes `permission`. */
export function hasPermission(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** The role of a new account until an amministratore picks another one on 'Utenti'. */
export const DEFAULT_SIGNUP_ROLE: Role = 'magazziniere';

/**
 * Whether an account may sign in: only an `attivo` one has sessions. A disabled account cannot
 * sign in and its sessions ended when it was disabled. (Sign-up approval will add a third state.)
 */
export const ACCOUNT_STATUSES = ['attivo', 'disabilitato'] as const;

export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo o disabilitato',
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** How the UI names each account status. */
export const ACCOUNT_STATUS_LABELS = {
  attivo: 'Attivo',
  disabilitato: 'Disabilitato',
} as const satisfies Record<AccountStatus, string>;
