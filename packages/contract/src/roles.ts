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
  /** Its own password and sessions: 'Cambia password', 'Esci da tutti i dispositivi'. */
  'profile:write',
  /** Look, search, list by category or location, export CSV. */
  'parts:read',
  /** Add, edit and delete parts, upload their photos, change their status, restore them from the bin. */
  'parts:write',
  /** The 'Utenti' page: roles, enabling and disabling accounts, reset mails, default role. */
  'users:manage',
  /** Rename a category, or merge it into another ('Consulta categorie'). */
  'categories:manage',
  /** Empty the bin ('Cestino'), or delete one of its parts for good. */
  'bin:empty',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Each role as the set of its permissions: the one table the server and the web app both read. */
export const ROLE_PERMISSIONS = {
  amministratore: [
    'profile:read',
    'profile:write',
    'parts:read',
    'parts:write',
    'users:manage',
    'categories:manage',
    'bin:empty',
  ],
  magazziniere: ['profile:read', 'profile:write', 'parts:read', 'parts:write'],
  sola_lettura: ['profile:read', 'profile:write', 'parts:read'],
} as const satisfies Record<Role, readonly Permission[]>;

/** Whether `role` includes `permission`. */
export function hasPermission(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** The role of a new account until an amministratore picks another one on 'Utenti'. */
export const DEFAULT_SIGNUP_ROLE: Role = 'magazziniere';

/**
 * Whether an account may sign in: only an `attivo` one has sessions. A disabled account cannot
 * sign in and its sessions ended when it was disabled. An account that signed itself up while
 * SIGNUP=approval waits `in_attesa` (no session, no data) until an amministratore approves it,
 * choosing its role, or rejects it (the account is deleted).
 */
export const ACCOUNT_STATUSES = ['attivo', 'disabilitato', 'in_attesa'] as const;

export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo, disabilitato o in_attesa',
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** The statuses an amministratore sets with PATCH /api/users/{id}: waiting is left by approving. */
export const SETTABLE_ACCOUNT_STATUSES = ['attivo', 'disabilitato'] as const;

export const SettableAccountStatusSchema = z.enum(SETTABLE_ACCOUNT_STATUSES, {
  error: 'Lo stato deve essere attivo o disabilitato',
});

/** How the UI names each account status. */
export const ACCOUNT_STATUS_LABELS = {
  attivo: 'Attivo',
  disabilitato: 'Disabilitato',
  in_attesa: 'In attesa di approvazione',
} as const satisfies Record<AccountStatus, string>;

/**
 * How people come in (SIGNUP on the server): `approval` (the default) lets anyone ask for an
 * account that an amministratore approves; `open` gives it the default role at once; `closed`
 * leaves account creation to `npm run user:create`. The first account is always amministratore.
 */
export const SIGNUP_MODES = ['approval', 'open', 'closed'] as const;

export const SignupModeSchema = z.enum(SIGNUP_MODES);
export type SignupMode = z.infer<typeof SignupModeSchema>;
