import type { AccountStatus, Role, SecurityEventType } from '@magazzino/contract';
import type { Generated, Selectable } from 'kysely';
import type { TwoFactorTables } from './two-factor.tables.js';

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
  /** 1: every account must use two-factor sign-in (migration 011); 0: each account chooses. */
  two_factor_required: Generated<number>;
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
  /** What 'Sessioni attive' names the session by (migration 010): random, never the hash. */
  public_id: string;
  /** The browser's User-Agent at sign-in, trimmed and bounded; null for older sessions. */
  user_agent: string | null;
  /** The address of the last use (as TRUST_PROXY resolves it); null for older sessions. */
  ip: string | null;
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

/**
 * Row of `security_events` (migration 010): the security log. `user_id` is the account the event
 * is about, `actor_id` who did it (null: the system, or a visitor not signed in); `email` is the
 * address typed in a failed sign-in of an unknown account. `details` is a JSON object of
 * non-secret facts. Never a password, a token, a code or a cookie.
 */
export interface SecurityEventsTable {
  /** In the order of recording (it breaks ties of `at`); the API gives it as a string. */
  id: Generated<number>;
  at: string;
  type: SecurityEventType;
  user_id: string | null;
  actor_id: string | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: string;
}

export type UserRow = Selectable<UsersTable>;

export interface AccountsTables extends TwoFactorTables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  account_settings: AccountSettingsTable;
  trusted_devices: TrustedDevicesTable;
  security_events: SecurityEventsTable;
}
