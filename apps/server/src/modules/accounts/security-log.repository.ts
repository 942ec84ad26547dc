import type { SecurityDetails, SecurityEventType } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An entry of the security log as it is stored (already trimmed and bounded by the service). */
export interface SecurityEventRow {
  at: string;
  type: SecurityEventType;
  userId: string | null;
  actorId: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  details: SecurityDetails;
}

/** A stored entry with the names of its subject and actor (null when absent or deleted since). */
export interface NamedSecurityEventRow extends SecurityEventRow {
  id: string;
  userName: string | null;
  actorName: string | null;
}

export interface SecurityEventFilter {
  types?: readonly SecurityEventType[] | undefined;
  /** The account the event is about, or who did it. */
  userId?: string | undefined;
  /** [from, to): ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Stores one entry (in the caller's transaction, when it passes one). */
export async function insertSecurityEvent(db: Kysely<Database>, event: SecurityEventRow): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      at: event.at,
      type: event.type,
      user_id: event.userId,
      actor_id: event.actorId,
      email: event.email,
      ip: event.ip,
      user_agent: event.userAgent,
      details: JSON.stringify(event.details),
    })
    .execute();
}

function eventsMatching(db: Kysely<Database>, filter: SecurityEventFilter) {
  let query = db.selectFrom('security_events');
  if (filter.types !== undefined && filter.types.length > 0) {
    query = query.where('security_events.type', 'in', filter.types);
  }
  const { userId } = filter;
  if (userId !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('security_events.user_id', '=', userId), eb('security_events.actor_id', '=', userId)]),
    );
  }
  if (filter.from !== undefined) query = query.where('security_events.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('security_events.at', '<', filter.to);
  return query;
}

function parseDetails(text: string): SecurityDetails {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as SecurityDetails)
      : {};
  } catch {
    return {};
  }
}

/**
 * One page of the log, newest first (by time, then by order of recording), with the names of
 * the accounts, and how many entries match, stopping at `countLimit`.
 */
export async function listSecurityEvents(
  db: Kysely<Database>,
  filter: SecurityEventFilter,
  page: { limit: number; offset: number },
  countLimit: number,
): Promise<{ rows: NamedSecurityEventRow[]; total: number }> {
  const rows = await eventsMatching(db, filter)
    .leftJoin('users as subject', 'subject.id', 'security_events.user_id')
    .leftJoin('users as actor', 'actor.id', 'security_events.actor_id')
    .select([
      'security_events.id',
      'security_events.at',
      'security_events.type',
      'security_events.user_id',
      'security_events.actor_id',
      'security_events.email',
      'security_events.ip',
      'security_events.user_agent',
      'security_events.details',
      'subject.username as user_name',
      'actor.username as actor_name',
    ])
    .orderBy('security_events.at', 'desc')
    .orderBy('security_events.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await db
    .selectFrom(eventsMatching(db, filter).select('security_events.id').limit(countLimit).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row) => ({
      id: String(row.id),
      at: row.at,
      type: row.type,
      userId: row.user_id,
      actorId: row.actor_id,
      email: row.email,
      ip: row.ip,
      userAgent: row.user_agent,
      details: parseDetails(row.details),
      userName: row.user_name,
      actorName: row.actor_name,
    })),
    total: Number(counted.count),
  };
}

/** Deletes up to `limit` of the oldest entries recorded before `cutoff`; returns how many. */
export async function purgeSecurityEvents(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<number> {
  const ids = (
    await db
      .selectFrom('security_events')
      .select('id')
      .where('at', '<', cutoff)
      .orderBy('at')
      .limit(limit)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('security_events').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
