import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Stores a device token (its hash only) for user `userId`. */
export async function insertTrustedDevice(
  db: Kysely<Database>,
  input: { idHash: string; userId: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('trusted_devices')
    .values({
      id_hash: input.idHash,
      user_id: input.userId,
      created_at: input.now,
      expires_at: input.expiresAt,
    })
    .execute();
}

/**
 * Of the device tokens with these hashes, the one (still valid at `now`) that belongs to the
 * account registered with `email` (already normalised), if any.
 */
export async function findTrustedDeviceFor(
  db: Kysely<Database>,
  idHashes: readonly string[],
  email: string,
  now: string,
): Promise<{ idHash: string; userId: string } | undefined> {
  if (idHashes.length === 0) return undefined;
  const row = await db
    .selectFrom('trusted_devices')
    .innerJoin('users', 'users.id', 'trusted_devices.user_id')
    .select(['trusted_devices.id_hash', 'trusted_devices.user_id'])
    .where('trusted_devices.id_hash', 'in', [...idHashes])
    .where('users.email', '=', email)
    .where('trusted_devices.expires_at', '>', now)
    .executeTakeFirst();
  return row ? { idHash: row.id_hash, userId: row.user_id } : undefined;
}

/** Deletes one device token (replaced at sign-in). */
export async function deleteTrustedDevice(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('id_hash', '=', idHash).execute();
}

/** Keeps the `keep` newest devices of user `userId` and deletes the others. */
export async function pruneTrustedDevices(db: Kysely<Database>, userId: string, keep: number): Promise<void> {
  const kept = db
    .selectFrom('trusted_devices')
    .select('id_hash')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id_hash')
    .limit(keep);
  await db
    .deleteFrom('trusted_devices')
    .where('user_id', '=', userId)
    .where('id_hash', 'not in', kept)
    .execute();
}

/** Deletes the device tokens that expired before `now`. */
export async function deleteExpiredTrustedDevices(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('expires_at', '<=', now).execute();
}
