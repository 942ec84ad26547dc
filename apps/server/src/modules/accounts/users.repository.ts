import type { AccountStatus, Role, User, UserAccount } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserRow } from './accounts.tables.js';

/** The one spelling of an address the database knows: trimmed and lower-cased. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The two-factor state read with an account (migration 011): its own, and the amministratore's rule. */
interface TwoFactorColumns {
  /** `two_factor.enabled_at`: null without two-factor sign-in (or with an enrolment pending). */
  two_factor_enabled_at: string | null;
  /** `account_settings.two_factor_required`: 1 when every account must use it. */
  two_factor_required: number | null;
}

type ProfileColumns = Pick<UserRow, 'id' | 'email' | 'username' | 'created_at' | 'role'> & TwoFactorColumns;

/** Row → the public profile of the contract: no hash, secret or token ever leaves through here. */
export function toUser(row: ProfileColumns): User {
  const twoFactorEnabled = row.two_factor_enabled_at !== null;
  return {
    _id: row.id,
    email: row.email,
    username: row.username,
    createdAt: row.created_at,
    role: row.role,
    twoFactorEnabled,
    twoFactorSetupRequired: !twoFactorEnabled && Number(row.two_factor_required ?? 0) === 1,
  };
}

function toUserAccount(row: ProfileColumns & Pick<UserRow, 'status'>): UserAccount {
  return { ...toUser(row), status: row.status };
}

/** `users` joined with the columns of its two-factor state, so one query reads the whole profile. */
function accountsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('two_factor', 'two_factor.user_id', 'users.id')
    .select((eb) => [
      'two_factor.enabled_at as two_factor_enabled_at',
      eb
        .selectFrom('account_settings')
        .select('two_factor_required')
        .where('account_settings.id', '=', 1)
        .as('two_factor_required'),
    ]);
}

const ACCOUNT_COLUMNS = [
  'users.id',
  'users.email',
  'users.username',
  'users.created_at',
  'users.role',
  'users.status',
] as const;

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
  // A new account has no two-factor sign-in; the rule for all is read at its sign-in.
  return toUserAccount({ ...row, two_factor_enabled_at: null, two_factor_required: null });
}

/** The user registered with `email` (any case, any surrounding spaces), with its hash and status. */
export async function findCredentialsByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await accountsQuery(db)
    .select([...ACCOUNT_COLUMNS, 'users.password_hash'])
    .where('users.email', '=', normalizeEmail(email))
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
  const row = await accountsQuery(db).select(ACCOUNT_COLUMNS).where('users.id', '=', id).executeTakeFirst();
  return row ? toUserAccount(row) : undefined;
}

/** The active amministratori (who hear of a new sign-up waiting for them). */
export async function listActiveAdministrators(db: Kysely<Database>): Promise<User[]> {
  const rows = await accountsQuery(db)
    .select(ACCOUNT_COLUMNS)
    .where('users.role', '=', 'amministratore')
    .where('users.status', '=', 'attivo')
    .orderBy('users.created_at')
    .execute();
  return rows.map(toUser);
}

/** Deletes account `id` (a rejected sign-up); its sessions, links and devices go with it. */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Every account, oldest first (the first one is the installation's first amministratore), with
 * whether it signs in with two-factor sign-in.
 */
export async function listUserAccounts(db: Kysely<Database>): Promise<UserAccount[]> {
  const rows = await accountsQuery(db)
    .select(ACCOUNT_COLUMNS)
    .orderBy('users.created_at')
    .orderBy('users.id')
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
