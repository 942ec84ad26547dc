import type { User } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserRow } from './accounts.tables.js';

/** The one spelling of an address the database knows: trimmed and lower-cased. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Row → the public profile of the contract: no hash ever leaves through here. */
function toUser(row: Pick<UserRow, 'id' | 'email' | 'username' | 'created_at'>): User {
  return { _id: row.id, email: row.email, username: row.username, createdAt: row.created_at };
}

/** A user with the hash needed to check a password (for the service, never for a client). */
export interface UserCredentials {
  user: User;
  passwordHash: string;
}

export interface NewUser {
  id: string;
  email: string;
  username: string;
  passwordHash: string;
  now: string;
}

/** Inserts a user; a taken email surfaces as the driver's UNIQUE violation. */
export async function insertUser(db: Kysely<Database>, input: NewUser): Promise<User> {
  const row = {
    id: input.id,
    email: normalizeEmail(input.email),
    username: input.username,
    password_hash: input.passwordHash,
    created_at: input.now,
    updated_at: input.now,
  };
  await db.insertInto('users').values(row).execute();
  return toUser(row);
}

/** The user registered with `email` (any case, any surrounding spaces), with its hash. */
export async function findCredentialsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'created_at', 'password_hash'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : undefined;
}

/** Replaces the password hash of user `id`. */
export async function updatePasswordHash(
  db: Kysely<Database>,
  id: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .execute();
}
