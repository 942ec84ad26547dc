import type { AccountStatus, Role } from '@magazzino/contract';
import type { Selectable } from 'kysely';

/**
 * Row of `users`. `email` is always stored trimmed and lower-cased, and a UNIQUE index on it makes
 * "one account per address" hold at the database level. Timestamps are ISO 8601 strings (UTC).
 */
export interface UsersTable {
  id: string;
  email: string;
  username: string;
  /** argon2id PHC string; never leaves the repository layer toward a client. */
  password_hash: string;
  /** What the account may do (ROLE_PERMISSIONS of the contract); read on every request. */
  role: Role;
  /** Only an `attivo` account signs in and has sessions; `in_attesa` waits for approval. */
  status: AccountStatus;
  created_at: string;
  updated_at: string;
}

/**
 * The one row (`id` 1) of account-wide settings. Changes to roles and statuses lock it first
 * (a no-op update), so two of them never decide on the same stale count: the first account of
 * an installation, the last amministratore.
 */
export interface AccountSettingsTable {
  id: number;
  /** The role of accounts created by sign-up or `npm run user:create` (the first excepted). */
  signup_role: Role;
  updated_at: string;
}

/**
 * Row of `sessions`: the cookie carries a random id, the database only its SHA-256. A session
 * ends `SESSION_IDLE_DAYS` after `last_seen_at` and `SESSION_MAX_DAYS` after `created_at`,
 * whichever comes first; `expires_at` holds that moment, for the sweep.
 */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

/**
 * Row of `trusted_devices` (migration 007): a browser that signed in to `user_id` holds a random
 * token in its device cookie, the database only its SHA-256. Sign-in attempts that present it get
 * their own allowance, so other people's failures do not lock the account's owner out.
 */
export interface TrustedDevicesTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** Row of `password_resets`: single-use tokens, stored only as their SHA-256. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type UserRow = Selectable<UsersTable>;

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  account_settings: AccountSettingsTable;
  trusted_devices: TrustedDevicesTable;
}
