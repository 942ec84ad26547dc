import type { User } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import { toUser } from './users.repository.js';

/** A stored session as the service reads it (the raw id is never stored). */
export interface StoredSession {
  idHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  publicId: string;
}

export interface NewSession {
  idHash: string;
  userId: string;
  now: string;
  expiresAt: string;
  /** What 'Sessioni attive' names it by. */
  publicId: string;
  userAgent: string | null;
  ip: string | null;
}

/** A session as 'Sessioni attive' lists it (never its hash). */
export interface ListedSession {
  idHash: string;
  publicId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
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
      public_id: input.publicId,
      user_agent: input.userAgent,
      ip: input.ip,
    })
    .execute();
}

/** The sessions of `userId` that have not expired by `now`, the latest used first. */
export async function listSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<ListedSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'public_id', 'created_at', 'expires_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    idHash: row.id_hash,
    publicId: row.public_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent,
    ip: row.ip,
  }));
}

/** Deletes the session of `userId` with public id `publicId`; false when that user has none such. */
export async function deleteSessionByPublicId(
  db: Kysely<Database>,
  userId: string,
  publicId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Every guarded request asks this: compiled once, and prepared on PostgreSQL (its planning cost
// more than the lookup).
const sessionWithUser = compiledOnce((db, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // Two-factor sign-in (migration 011): whether the user has it, and whether every account must.
    .leftJoin('two_factor', 'two_factor.user_id', 'sessions.user_id')
    .select((eb) => [
      'two_factor.enabled_at as two_factor_enabled_at',
      eb
        .selectFrom('account_settings')
        .select('two_factor_required')
        .where('account_settings.id', '=', 1)
        .as('two_factor_required'),
    ])
    .select([
      'sessions.id_hash',
      'sessions.user_id',
      'sessions.created_at as session_created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.public_id',
      'users.email',
      'users.username',
      'users.created_at',
      'users.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('users.status', '=', 'attivo'),
);

/**
 * The session with id hash `idHash` and its user, in one query; none when the account is not
 * active. The role is read here on every request, so a change applies to the very next one.
 */
export async function findSessionWithUser(
  db: Kysely<Database>,
  idHash: string,
): Promise<{ session: StoredSession; user: User } | undefined> {
  const [row] = await sessionWithUser(db, idHash);
  if (!row) return undefined;
  return {
    session: {
      idHash: row.id_hash,
      userId: row.user_id,
      createdAt: row.session_created_at,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      publicId: row.public_id,
    },
    // With its two-factor state: where it is required and not set up yet, the session may only
    // set it up (session.guard.ts).
    user: toUser({ ...row, id: row.user_id }),
  };
}

/**
 * Records use of a session and moves its expiry (sliding sessions); `ip`, when known, is the
 * address of this use ('Sessioni attive' shows the last one).
 */
export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  lastSeenAt: string,
  expiresAt: string,
  ip?: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt, ...(ip === undefined ? {} : { ip }) })
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
