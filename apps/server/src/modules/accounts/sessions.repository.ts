import type { User } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toUser } from './users.repository.js';

/** A stored session as the service reads it (the raw id is never stored). */
export interface StoredSession {
  idHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export interface NewSession {
  idHash: string;
  userId: string;
  now: string;
  expiresAt: string;
}

/** Stores a new session. */
export async function insertSession(db: Kysely<Database>, input: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: input.idHash,
      user_id: input.userId,
      created_at: input.now,
      expires_at: input.expiresAt,
      last_seen_at: input.now,
    })
    .execute();
}

/**
 * The session with id hash `idHash` and its user, in one query; none when the account is not
 * active. The role is read here on every request, so a change applies to the very next one.
 */
export async function findSessionWithUser(
  db: Kysely<Database>,
  idHash: string,
): Promise<{ session: StoredSession; user: User } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.user_id',
      'sessions.created_at as session_created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.email',
      'users.username',
      'users.created_at',
      'users.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('users.status', '=', 'attivo')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      idHash: row.id_hash,
      userId: row.user_id,
      createdAt: row.session_created_at,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
    },
    user: toUser({ ...row, id: row.user_id }),
  };
}

/** Records use of a session and moves its expiry (sliding sessions). */
export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  lastSeenAt: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}

/** Deletes one session (logout); absent is fine. Returns the id of its user, if it existed. */
export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('id_hash', '=', idHash)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Deletes every session of a user (password reset or change, account disabled), but the one with
 * id hash `keepHash` if given; returns how many were deleted.
 */
export async function deleteSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  keepHash?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash !== undefined) query = query.where('id_hash', '!=', keepHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every session that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
