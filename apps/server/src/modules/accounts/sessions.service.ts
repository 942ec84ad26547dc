import { randomBytes } from 'node:crypto';
import type { SessionInfo, User } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { SECRET_PATTERN, hashSecret, randomSecrets, type SecretSource } from './accounts.ports.js';
import type { RequestOrigin } from './security-log.service.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionByPublicId,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  listSessionsOfUser,
  touchSession,
  type StoredSession,
} from './sessions.repository.js';
import { describeUserAgent } from './user-agent.js';

/** How often, at most, a session in use is written back (its expiry moved): once a minute. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A session that was found valid. */
export interface ActiveSession {
  user: User;
  /** SHA-256 of the session id (to keep this session when the others end). */
  idHash: string;
  /** What 'Sessioni attive' names it by. */
  publicId: string;
  /** True when the expiry just moved: the cookie should be sent again with a fresh Max-Age. */
  renewed: boolean;
  /** When the session ends if it is not used again. */
  expiresAt: Date;
}

/** A session just opened: the raw id for the cookie, and when it ends if unused. */
export interface NewSession {
  id: string;
  expiresAt: Date;
}

export interface SessionServiceOptions {
  db: Kysely<Database>;
  /** A session unused this long ends (SESSION_IDLE_DAYS). */
  idleMs: number;
  /** A session ends this long after its sign-in, however much it is used (SESSION_MAX_DAYS). */
  maxMs: number;
  clock: Clock;
  secrets?: SecretSource;
}

/**
 * Server-side sessions with a sliding idle limit under an absolute lifetime. The client holds a
 * random 32-byte id; the database holds only its SHA-256, so a leaked database does not hand out
 * live sessions.
 */
export class SessionService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly secrets: SecretSource;
  private readonly idleMs: number;
  private readonly maxMs: number;

  constructor(options: SessionServiceOptions) {
    this.db = options.db;
    this.idleMs = options.idleMs;
    this.maxMs = options.maxMs;
    this.clock = options.clock;
    this.secrets = options.secrets ?? randomSecrets;
  }

  /** When a session created at `createdAt` and last used at `lastSeen` ends. */
  private endOf(createdAt: Date, lastSeen: Date): Date {
    return new Date(Math.min(lastSeen.getTime() + this.idleMs, createdAt.getTime() + this.maxMs));
  }

  /**
   * Opens a session for `userId` from `origin` (the browser and address 'Sessioni attive' shows);
   * returns the raw id for the cookie. Sweeps expired sessions.
   */
  async start(userId: string, origin?: RequestOrigin): Promise<NewSession> {
    const now = this.clock.now();
    const id = this.secrets.newSecret();
    const expiresAt = this.endOf(now, now);
    await deleteExpiredSessions(this.db, now.toISOString());
    await insertSession(this.db, {
      idHash: hashSecret(id),
      userId,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      publicId: randomBytes(16).toString('base64url'),
      userAgent: origin?.userAgent ?? null,
      ip: origin?.ip ?? null,
    });
    return { id, expiresAt };
  }

  /**
   * The user of session `id` when it exists and has neither idled past SESSION_IDLE_DAYS nor
   * lived past SESSION_MAX_DAYS; moves its idle expiry (sliding, never past the absolute end) and
   * records `ip` as the address of its last use, at most once a minute.
   */
  async authenticate(id: string | undefined, ip?: string): Promise<ActiveSession | undefined> {
    if (id === undefined || !SECRET_PATTERN.test(id)) return undefined;
    const idHash = hashSecret(id);
    const found = await findSessionWithUser(this.db, idHash);
    if (!found) return undefined;
    const now = this.clock.now();
    // The limits in force now decide, whatever they were when the session was written.
    const end = this.currentEnd(found.session);
    if (end <= now) {
      await deleteSession(this.db, idHash);
      return undefined;
    }
    // Writing on every request would turn every read into a write: once a minute is enough.
    const idleMs = now.getTime() - Date.parse(found.session.lastSeenAt);
    const { publicId } = found.session;
    if (idleMs < SESSION_TOUCH_INTERVAL_MS) {
      return { user: found.user, idHash, publicId, renewed: false, expiresAt: end };
    }
    const expiresAt = this.endOf(new Date(found.session.createdAt), now);
    await touchSession(this.db, idHash, now.toISOString(), expiresAt.toISOString(), ip);
    return { user: found.user, idHash, publicId, renewed: true, expiresAt };
  }

  private currentEnd(session: StoredSession): Date {
    const byLimits = this.endOf(new Date(session.createdAt), new Date(session.lastSeenAt));
    return new Date(Math.min(byLimits.getTime(), Date.parse(session.expiresAt)));
  }

  /** Ends session `id` (logout, a new sign-in). Returns its user's id; unknown or absent ids are fine. */
  async end(id: string | undefined): Promise<string | undefined> {
    if (id === undefined || !SECRET_PATTERN.test(id)) return undefined;
    return deleteSession(this.db, hashSecret(id));
  }

  /**
   * The open sessions of `userId` for 'Sessioni attive', the latest used first; the one with id
   * hash `currentHash` (the caller's) is marked `corrente`.
   */
  async list(userId: string, currentHash?: string): Promise<SessionInfo[]> {
    const rows = await listSessionsOfUser(this.db, userId, this.clock.now().toISOString());
    return rows
      .filter((row) => this.currentEnd({ ...row, userId }) > this.clock.now())
      .map((row) => ({
        _id: row.publicId,
        dispositivo: describeUserAgent(row.userAgent),
        ip: row.ip,
        iniziataIl: row.createdAt,
        ultimoUso: row.lastSeenAt,
        corrente: row.idHash === currentHash,
      }));
  }

  /** Ends the session of `userId` with public id `publicId`; false when that user has none such. */
  endByPublicId(userId: string, publicId: string): Promise<boolean> {
    return deleteSessionByPublicId(this.db, userId, publicId);
  }

  /**
   * Ends every session of a user, but the one whose id hash is `keepHash` if given (a password
   * change keeps the session it was made from); returns how many ended.
   */
  endAllOf(userId: string, db: Kysely<Database> = this.db, keepHash?: string): Promise<number> {
    return deleteSessionsOfUser(db, userId, keepHash);
  }
}
