import type { User } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { SECRET_PATTERN, hashSecret, isoAfter, randomSecrets, type SecretSource } from './accounts.ports.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repository.js';

/** How often, at most, a session in use is written back (its expiry moved): once a minute. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A session that was found valid. */
export interface ActiveSession {
  user: User;
  /** True when the expiry just moved: the cookie should be sent again with a fresh Max-Age. */
  renewed: boolean;
}

export interface SessionServiceOptions {
  db: Kysely<Database>;
  ttlMs: number;
  clock: Clock;
  secrets?: SecretSource;
}

/**
 * Server-side sessions with sliding expiry. The client holds a random 32-byte id; the database
 * holds only its SHA-256, so a leaked database does not hand out live sessions.
 */
export class SessionService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly secrets: SecretSource;
  readonly ttlMs: number;

  constructor(options: SessionServiceOptions) {
    this.db = options.db;
    this.ttlMs = options.ttlMs;
    this.clock = options.clock;
    this.secrets = options.secrets ?? randomSecrets;
  }

  /** Opens a session for `userId`; returns the raw id for the cookie. Sweeps expired sessions. */
  async start(userId: string): Promise<string> {
    const now = this.clock.now();
    const id = this.secrets.newSecret();
    await deleteExpiredSessions(this.db, now.toISOString());
    await insertSession(this.db, {
      idHash: hashSecret(id),
      userId,
      now: now.toISOString(),
      expiresAt: isoAfter(now, this.ttlMs),
    });
    return id;
  }

  /** The user of session `id` when it exists and has not expired; moves its expiry (sliding). */
  async authenticate(id: string | undefined): Promise<ActiveSession | undefined> {
    if (id === undefined || !SECRET_PATTERN.test(id)) return undefined;
    const idHash = hashSecret(id);
    const found = await findSessionWithUser(this.db, idHash);
    if (!found) return undefined;
    const now = this.clock.now();
    if (found.session.expiresAt <= now.toISOString()) {
      await deleteSession(this.db, idHash);
      return undefined;
    }
    // Writing on every request would turn every read into a write: once a minute is enough.
    const idleMs = now.getTime() - Date.parse(found.session.lastSeenAt);
    if (idleMs < SESSION_TOUCH_INTERVAL_MS) return { user: found.user, renewed: false };
    await touchSession(this.db, idHash, now.toISOString(), isoAfter(now, this.ttlMs));
    return { user: found.user, renewed: true };
  }

  /** Ends session `id` (logout). Unknown or absent ids are fine. */
  async end(id: string | undefined): Promise<void> {
    if (id === undefined || !SECRET_PATTERN.test(id)) return;
    await deleteSession(this.db, hashSecret(id));
  }

  /** Ends every session of a user; returns how many were open. */
  endAllOf(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    return deleteSessionsOfUser(db, userId);
  }
}
