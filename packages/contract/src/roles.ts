/**
 * The roles of an account, as the API writes them (docs/product.md, "Roles"). Stable ASCII codes;
 * people read ROLE_LABELS.
 */
export const ROLES = ['amministratore', 'magazziniere', 'sola_lettura'] as const;

export type Role = (typeof ROLES)[number];

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
  /** Its own two-factor sign-in: turn it on, new recovery codes, turn it off. */
  'profile:two-factor',
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
  /** Read the security log ('Registro di sicurezza'): sign-ins, password and account changes. */
  'security-log:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Each role as the set of its permissions: the one table the server and the web app both read. */
export const ROLE_PERMISSIONS = {
  amministratore: [
    'profile:read',
    'profile:write',
    'profile:two-factor',
    'parts:read',
    'parts:write',
    'users:manage',
    'categories:manage',
    'bin:empty',
    'security-log:read',
  ],
  magazziniere: ['profile:read', 'profile:write', 'profile:two-factor', 'parts:read', 'parts:write'],
  sola_lettura: ['profile:read', 'profile:write', 'profile:two-factor', 'parts:read'],
} as const satisfies Record<Role, readonly Permission[]>;

/**
 * What a session may do while the amministratore requires two-factor sign-in and its account has
 * not set it up (docs/product.md, "Two-factor sign-in"): read its profile and enrol, nothing else.
 */
export const TWO_FACTOR_SETUP_PERMISSIONS = [
  'profile:read',
  'profile:two-factor',
] as const satisfies readonly Permission[];

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

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The statuses an amministratore sets with PATCH /api/users/{id}: waiting is left by approving. */
export const SETTABLE_ACCOUNT_STATUSES = ['attivo', 'disabilitato'] as const;

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

export type SignupMode = (typeof SIGNUP_MODES)[number];
