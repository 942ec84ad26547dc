import type { AccountStatus, Role, User, UserAccount } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserRow } from './accounts.tables.js';

/** The one spelling of an address the database knows: trimmed and lower-cased. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

type ProfileColumns = Pick<UserRow, 'id' | 'email' | 'username' | 'created_at' | 'role'>;

/** Row → the public profile of the contract: no hash ever leaves through here. */
export function toUser(row: ProfileColumns): User {
  return { _id: row.id, email: row.email, username: row.username, createdAt: row.created_at, role: row.role };
}

function toUserAccount(row: ProfileColumns & Pick<UserRow, 'status'>): UserAccount {
  return { ...toUser(row), status: row.status };
}

const ACCOUNT_COLUMNS = ['id', 'email', 'username', 'created_at', 'role', 'status'] as const;

/** A user with what the service needs to let it sign in (never for a client). */
export interface UserCredentials {
  user: User;
  status: AccountStatus;
  passwordHash: string;
}

export interface NewUser {
  id: string;
  email: string;
  username: string;
  passwordHash: string;
  role: Role;
  /** `attivo`, or `in_attesa` for a sign-up an amministratore has to approve. */
  status: AccountStatus;
  now: string;
}

/** Inserts a user; a taken email surfaces as the driver's UNIQUE violation. */
export async function insertUser(db: Kysely<Database>, input: NewUser): Promise<UserAccount> {
  const row = {
    id: input.id,
    email: normalizeEmail(input.email),
    username: input.username,
    password_hash: input.passwordHash,
    role: input.role,
    status: input.status,
    created_at: input.now,
    updated_at: input.now,
  };
  await db.insertInto('users').values(row).execute();
  return toUserAccount(row);
}

/** The user registered with `email` (any case, any surrounding spaces), with its hash and status. */
export async function findCredentialsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS, 'password_hash'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? { user: toUser(row), status: row.status, passwordHash: row.password_hash } : undefined;
}

/** The password hash of account `id` (to check the current password before a change). */
export async function findPasswordHashById(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

/** The account with this id, if any. */
export async function findUserAccountById(
  db: Kysely<Database>,
  id: string,
): Promise<UserAccount | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toUserAccount(row) : undefined;
}

/** The active amministratori (who hear of a new sign-up waiting for them). */
export async function listActiveAdministrators(db: Kysely<Database>): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('role', '=', 'amministratore')
    .where('status', '=', 'attivo')
    .orderBy('created_at')
    .execute();
  return rows.map(toUser);
}

/** Deletes account `id` (a rejected sign-up); its sessions, links and devices go with it. */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Every account, oldest first (the first one is the installation's first amministratore). */
export async function listUserAccounts(db: Kysely<Database>): Promise<UserAccount[]> {
  const rows = await db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toUserAccount);
}

/** How many accounts exist. */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many active amministratori there are, leaving out account `exceptId`. */
export async function countActiveAdministrators(db: Kysely<Database>, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'amministratore')
    .where('status', '=', 'attivo')
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the role and status of account `id`; returns it as it is now, or undefined if absent. */
export async function updateUserAccess(
  db: Kysely<Database>,
  id: string,
  access: { role: Role; status: AccountStatus },
  now: string,
): Promise<UserAccount | undefined> {
  await db
    .updateTable('users')
    .set({ role: access.role, status: access.status, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findUserAccountById(db, id);
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
