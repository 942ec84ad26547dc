import {
  SECURITY_LOG_RETENTION_DAYS,
  type SecurityDetails,
  type SecurityEvent,
  type SecurityEventType,
} from '@magazzino/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  insertSecurityEvent,
  listSecurityEvents,
  purgeSecurityEvents,
  type NamedSecurityEventRow,
  type SecurityEventFilter,
} from './security-log.repository.js';
import { describeUserAgent, storedUserAgent } from './user-agent.js';

/** Where a request came from: the address as TRUST_PROXY resolves it, and the browser. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The origin of `request`, ready for an entry of the log or a session. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip || null, userAgent: storedUserAgent(request.headers['user-agent']) };
}

/** What happened, to whom, by whom, from where. Nothing secret: no password, token, code or cookie. */
export interface SecurityEntry {
  type: SecurityEventType;
  /** The account the event is about (null: an unknown address). */
  userId?: string | null;
  /** Who did it: the user themself, an amministratore; null for the system or an unknown visitor. */
  actorId?: string | null;
  /** The address typed in a failed sign-in, or of an account that no longer exists. */
  email?: string | null;
  /** From `requestOrigin(request)`; absent for the system and `npm run user:create`. */
  origin?: RequestOrigin;
  /** Small, non-secret facts: old and new role, the reason of a failure, how many sessions ended. */
  details?: SecurityDetails;
}

/** The longest string value kept in `details`, and the most keys. */
const DETAIL_MAX = 200;
const DETAILS_MAX_KEYS = 12;
/** Keys never stored, whatever a caller passes: a last guard against a secret in the log. */
const SECRET_KEY = /pass|token|secret|cookie|hash|otp|totp/i;

/** How long the log keeps an entry. */
const RETENTION_MS = SECURITY_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Entries deleted per statement by the purge: short transactions. */
const PURGE_CHUNK = 500;

/** The log counts its matches up to this many (X-Total-Count). */
export const SECURITY_COUNT_LIMIT = 10_000;

/** A refused sign-in (429) of one address and email is recorded at most this often. */
const THROTTLED_EVERY_MS = 60_000;

function cleanDetails(details: SecurityDetails | undefined): SecurityDetails {
  const clean: SecurityDetails = {};
  for (const [key, value] of Object.entries(details ?? {}).slice(0, DETAILS_MAX_KEYS)) {
    if (SECRET_KEY.test(key)) continue;
    clean[key.slice(0, 40)] = typeof value === 'string' ? value.slice(0, DETAIL_MAX) : value;
  }
  return clean;
}

/**
 * Writes `entry` with `db` (a transaction, usually), trimmed and bounded, at the clock's time.
 * For code that runs without the app (`npm run user:create`); everything else uses
 * `app.securityLog.record`. Throws when the write fails.
 */
export async function writeSecurityEvent(
  db: Kysely<Database>,
  clock: Clock,
  entry: SecurityEntry,
): Promise<void> {
  const now = clock.now();
  await insertSecurityEvent(db, {
    at: now.toISOString(),
    type: entry.type,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    email: entry.email ? entry.email.trim().toLowerCase().slice(0, 254) : null,
    ip: entry.origin?.ip?.slice(0, 64) ?? null,
    userAgent: storedUserAgent(entry.origin?.userAgent ?? undefined),
    details: cleanDetails(entry.details),
  });
}

/**
 * The security log (`app.securityLog`, docs/product.md "Security log").
 *
 * `record(entry, trx)` writes in the caller's transaction: the entry commits with the change it
 * records, and if it cannot be written the change is rolled back with it (a change of a role or a
 * password is never left unrecorded). `record(entry)` without a transaction is for what has no
 * transaction (a sign-in, a sign-out, a failure): it never throws, so a sign-in that should succeed
 * still succeeds and a refused one keeps its 401 or 429 when the log cannot be written; the
 * failure is written to the server's log instead (without the entry's details).
 */
export class SecurityLog {
  /** When a refused sign-in of an address|email key was last recorded (see `recordThrottled`). */
  private readonly throttled = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes `entry`; in `trx` when given (throws with it), else on its own (never throws). */
  async record(entry: SecurityEntry, trx?: Kysely<Database>): Promise<void> {
    if (trx) {
      await writeSecurityEvent(trx, this.clock, entry);
      return;
    }
    try {
      await writeSecurityEvent(this.db, this.clock, entry);
    } catch (error) {
      this.log.error({ err: error, securityEvent: entry.type }, 'security log write failed');
    }
  }

  /**
   * Records a refused sign-in at most once a minute per `key` (address and email), so that a
   * flood of 429s, which the rate limit does not bound, cannot fill the log. Never throws.
   */
  async recordThrottled(key: string, entry: SecurityEntry): Promise<void> {
    const now = this.clock.now().getTime();
    const last = this.throttled.get(key);
    if (last !== undefined && now - last < THROTTLED_EVERY_MS) return;
    if (this.throttled.size >= 10_000) this.throttled.clear();
    this.throttled.set(key, now);
    await this.record(entry);
  }

  /** The log, newest first, filtered; with the names of the accounts. */
  async list(
    filter: SecurityEventFilter,
    page: { limit: number; offset: number },
  ): Promise<{ events: SecurityEvent[]; total: number }> {
    const { rows, total } = await listSecurityEvents(this.db, filter, page, SECURITY_COUNT_LIMIT);
    return { events: rows.map(toSecurityEvent), total };
  }

  /**
   * Deletes the entries older than SECURITY_LOG_RETENTION_DAYS, a chunk per statement; returns
   * how many. Several instances may run it at once: each deletes by id what it found, and a row
   * another one deleted first is simply not counted.
   */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - RETENTION_MS).toISOString();
    let purged = 0;
    for (;;) {
      const count = await purgeSecurityEvents(this.db, cutoff, PURGE_CHUNK);
      purged += count;
      if (count === 0) return purged;
    }
  }
}

function toSecurityEvent(row: NamedSecurityEventRow): SecurityEvent {
  return {
    _id: row.id,
    at: row.at,
    tipo: row.type,
    utente: row.userId !== null && row.userName !== null ? { _id: row.userId, username: row.userName } : null,
    autore:
      row.actorId !== null && row.actorName !== null ? { _id: row.actorId, username: row.actorName } : null,
    email: row.email,
    ip: row.ip,
    dispositivo: row.userAgent === null ? null : describeUserAgent(row.userAgent),
    dettagli: row.details,
  };
}
