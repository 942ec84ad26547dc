import { DEFAULT_SIGNUP_ROLE, type Role } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The id of the one row of `account_settings`. */
const SETTINGS_ID = 1;

/**
 * Takes the lock that orders every change to who may do what, until the transaction `trx` ends:
 * a no-op update of the settings row. PostgreSQL makes a second transaction wait here; SQLite
 * runs one write transaction at a time anyway. Both dialects, no `FOR UPDATE` needed.
 */
export async function lockAccountSettings(trx: Kysely<Database>, now: string): Promise<void> {
  const lock = () =>
    trx
      .updateTable('account_settings')
      .set((eb) => ({ signup_role: eb.ref('signup_role') }))
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
  if (Number((await lock()).numUpdatedRows) > 0) return;
  // The row comes with migration 005; should it be gone, put the default back and lock that.
  await trx
    .insertInto('account_settings')
    .values({ id: SETTINGS_ID, signup_role: DEFAULT_SIGNUP_ROLE, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await lock();
}

/** The role new accounts get (magazziniere if the row is somehow missing). */
export async function readSignupRole(db: Kysely<Database>): Promise<Role> {
  const row = await db
    .selectFrom('account_settings')
    .select('signup_role')
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row?.signup_role ?? DEFAULT_SIGNUP_ROLE;
}

/** Stores the role new accounts get. */
export async function writeSignupRole(db: Kysely<Database>, role: Role, now: string): Promise<void> {
  await db
    .insertInto('account_settings')
    .values({ id: SETTINGS_ID, signup_role: role, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ signup_role: role, updated_at: now }))
    .execute();
}
