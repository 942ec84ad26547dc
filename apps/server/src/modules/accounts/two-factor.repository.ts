import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The two-factor state of an account as the service reads it (the secret never leaves the server). */
export interface StoredTwoFactor {
  userId: string;
  secret: string;
  enabledAt: string | null;
  pendingExpiresAt: string | null;
  lastUsedStep: number | null;
}

/** The two-factor row of `userId`, enabled or pending, if any. */
export async function findTwoFactor(
  db: Kysely<Database>,
  userId: string,
): Promise<StoredTwoFactor | undefined> {
  const row = await db
    .selectFrom('two_factor')
    .select(['user_id', 'secret', 'enabled_at', 'pending_expires_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.user_id,
    secret: row.secret,
    enabledAt: row.enabled_at,
    pendingExpiresAt: row.pending_expires_at,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}

/** Stores a pending enrolment of `userId` (replacing a pending one; never an enabled one). */
export async function upsertPendingTwoFactor(
  db: Kysely<Database>,
  input: { userId: string; secret: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .deleteFrom('two_factor')
    .where('user_id', '=', input.userId)
    .where('enabled_at', 'is', null)
    .execute();
  await db
    .insertInto('two_factor')
    .values({
      user_id: input.userId,
      secret: input.secret,
      enabled_at: null,
      pending_expires_at: input.expiresAt,
      last_used_step: null,
      created_at: input.now,
    })
    .execute();
}

/**
 * Turns the pending enrolment of `userId` on, with `step` as its last used step. Returns false
 * when there was none to turn on (confirmed meanwhile, or removed).
 */
export async function enableTwoFactor(
  db: Kysely<Database>,
  userId: string,
  step: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: now, pending_expires_at: null, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records that the code of `step` was accepted for `userId`, only if no code of that step or a
 * later one was: false means a replay (or a race with the same code), to be refused.
 */
export async function useTimeStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the two-factor sign-in of `userId`: secret, recovery codes, waiting sign-ins. Returns whether it was on. */
export async function deleteTwoFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('two_factor')
    .where('user_id', '=', userId)
    .returning('enabled_at')
    .executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  return removed !== undefined && removed.enabled_at !== null;
}

/** Replaces the recovery codes of `userId` with these hashes. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  hashes: readonly string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((hash) => ({ user_id: userId, code_hash: hash, created_at: now, used_at: null })))
    .execute();
}

/**
 * Uses the recovery code of hash `hash` of `userId`: the conditional update is what makes it
 * single-use, even when two sign-ins send it at once. False when unknown or already used.
 */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  hash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many recovery codes of `userId` are still unused. */
export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A sign-in waiting for its code. */
export interface StoredChallenge {
  userId: string;
  expiresAt: string;
  failures: number;
}

/** Stores a sign-in waiting for its code; sweeps the expired ones. */
export async function insertChallenge(
  db: Kysely<Database>,
  input: { idHash: string; userId: string; now: string; expiresAt: string },
): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', input.now).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      id_hash: input.idHash,
      user_id: input.userId,
      created_at: input.now,
      expires_at: input.expiresAt,
      failures: 0,
    })
    .execute();
}

/** The unexpired challenge of id hash `idHash` with fewer than `maxFailures` wrong codes, if any. */
export async function findLiveChallenge(
  db: Kysely<Database>,
  idHash: string,
  now: string,
  maxFailures: number,
): Promise<StoredChallenge | undefined> {
  const row = await db
    .selectFrom('two_factor_challenges')
    .select(['user_id', 'expires_at', 'failures'])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .where('failures', '<', maxFailures)
    .executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at, failures: Number(row.failures) } : undefined;
}

/** Counts a wrong code on the challenge; deletes it once it reaches `maxFailures`. */
export async function failChallenge(
  db: Kysely<Database>,
  idHash: string,
  maxFailures: number,
): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id_hash', '=', idHash)
    .execute();
  await db
    .deleteFrom('two_factor_challenges')
    .where('id_hash', '=', idHash)
    .where('failures', '>=', maxFailures)
    .execute();
}

/** Ends a challenge (the code was right, or the sign-in starts again). True if it was there. */
export async function deleteChallenge(db: Kysely<Database>, idHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_challenges')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the amministratore requires two-factor sign-in for every account. */
export async function readTwoFactorRequired(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('account_settings')
    .select('two_factor_required')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.two_factor_required ?? 0) === 1;
}

/** Sets whether every account must use two-factor sign-in. */
export async function writeTwoFactorRequired(
  db: Kysely<Database>,
  required: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('account_settings')
    .set({ two_factor_required: required ? 1 : 0, updated_at: now })
    .where('id', '=', 1)
    .execute();
}
