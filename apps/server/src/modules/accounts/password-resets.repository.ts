import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewPasswordReset {
  tokenHash: string;
  userId: string;
  now: string;
  expiresAt: string;
}

/** Stores a reset token (its hash only). */
export async function insertPasswordReset(db: Kysely<Database>, input: NewPasswordReset): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: input.tokenHash,
      user_id: input.userId,
      created_at: input.now,
      expires_at: input.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks the token as used if it exists, is unused and has not expired, in one statement so two
 * concurrent requests cannot both use it. Returns the user it belongs to, or undefined.
 */
export async function consumePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Deletes the reset tokens of a user: every other one once one has been used, or all of them. */
export async function deleteResetsOfUser(
  db: Kysely<Database>,
  userId: string,
  keepHash?: string,
): Promise<void> {
  let query = db.deleteFrom('password_resets').where('user_id', '=', userId);
  if (keepHash !== undefined) query = query.where('token_hash', '!=', keepHash);
  await query.execute();
}

/** Deletes tokens expired before `now`. */
export async function deleteExpiredResets(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
}

/** True when the token exists, is unused and unexpired (read-only; consuming is separate). */
export async function findValidPasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
