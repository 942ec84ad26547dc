import {
  isAuthenticatorCode,
  TWO_FACTOR,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { lockAccountSettings } from './account-settings.repository.js';
import { SECRET_PATTERN, hashSecret, isoAfter, randomSecrets, type SecretSource } from './accounts.ports.js';
import { verifyPassword } from './passwords.js';
import type { RequestOrigin, SecurityLog } from './security-log.service.js';
import type { SessionService } from './sessions.service.js';
import {
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteTwoFactor,
  enableTwoFactor,
  failChallenge,
  findLiveChallenge,
  findTwoFactor,
  insertChallenge,
  readTwoFactorRequired,
  replaceRecoveryCodes,
  upsertPendingTwoFactor,
  useRecoveryCode,
  useTimeStep,
  writeTwoFactorRequired,
  type StoredTwoFactor,
} from './two-factor.repository.js';
import {
  groupedSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrSvg,
} from './totp.js';
import { findPasswordHashById, findUserAccountById } from './users.repository.js';

const MINUTE = 60_000;

/** Whether `stored` is an enabled two-factor sign-in (not absent, not an enrolment pending). */
function isOn(stored: StoredTwoFactor | undefined): stored is StoredTwoFactor {
  return stored !== undefined && stored.enabledAt !== null;
}

/** Where a wrong code was given, for the security log. */
type CodeStep = 'accesso' | 'attivazione' | 'nuovi_codici' | 'disattivazione';

/** A sign-in past its password: the raw id for the cookie, and when it expires. */
export interface NewChallenge {
  id: string;
  expiresAt: Date;
}

/** What the second step of a sign-in found: the user to open a session for, or a wrong code. */
export type ChallengeOutcome = { kind: 'signed-in'; userId: string } | { kind: 'wrong-code' };

/** Why turning two-factor sign-in off was refused (the field to name), or nothing when it went. */
export type DisableOutcome = { refused: 'password' | 'codice' } | undefined;

export interface TwoFactorServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  securityLog: SecurityLog;
  secrets?: SecretSource;
}

/**
 * Two-factor sign-in (docs/product.md, "Two-factor sign-in"): enrolment with a first code, ten
 * single-use recovery codes, the code step of a sign-in, and the amministratore's rules (required
 * for every account, reset for a lost phone). TOTP codes are accepted once: the step of the last
 * accepted one is kept, and that code or an older one is refused.
 */
export class TwoFactorService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly log: SecurityLog;
  private readonly secrets: SecretSource;

  constructor(private readonly options: TwoFactorServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.log = options.securityLog;
    this.secrets = options.secrets ?? randomSecrets;
  }

  private nowIso(): string {
    return this.clock.now().toISOString();
  }

  /** The state of the account's two-factor sign-in, for 'Verifica in due passaggi'. */
  async status(userId: string): Promise<TwoFactorStatus> {
    const [stored, required] = await Promise.all([
      findTwoFactor(this.db, userId),
      readTwoFactorRequired(this.db),
    ]);
    const enabled = isOn(stored);
    return {
      enabled,
      enabledAt: enabled ? (stored?.enabledAt ?? null) : null,
      recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(this.db, userId) : 0,
      required,
    };
  }

  /**
   * Starts enrolment: a new secret, pending for TWO_FACTOR.setupMinutes (a pending one is
   * replaced), and what the app needs: the otpauth URI, its QR code, the secret to type. 409 when on.
   */
  async startSetup(user: User): Promise<TwoFactorSetup> {
    const current = await findTwoFactor(this.db, user._id);
    if (isOn(current)) throw errors.twoFactorAlreadyEnabled();
    const now = this.clock.now();
    const secret = newTotpSecret();
    const expiresAt = isoAfter(now, TWO_FACTOR.setupMinutes * MINUTE);
    await upsertPendingTwoFactor(this.db, { userId: user._id, secret, now: now.toISOString(), expiresAt });
    const uri = otpauthUri(secret, user.email);
    return { otpauthUri: uri, qrSvg: await qrSvg(uri), secret: groupedSecret(secret), expiresAt };
  }

  /**
   * Confirms the pending enrolment with its first code: two-factor sign-in is on, and the ten
   * recovery codes are returned (shown once). Undefined for a wrong code (the caller counts it);
   * 409 when no enrolment is pending or it expired.
   */
  async confirmSetup(
    userId: string,
    code: string,
    origin: RequestOrigin,
  ): Promise<RecoveryCodes | undefined> {
    const pending = await findTwoFactor(this.db, userId);
    const now = this.clock.now();
    if (!pending || pending.enabledAt !== null) throw errors.twoFactorSetupExpired();
    if (pending.pendingExpiresAt === null || pending.pendingExpiresAt <= now.toISOString()) {
      throw errors.twoFactorSetupExpired();
    }
    const step = matchTotp(pending.secret, code, now);
    if (step === undefined) {
      await this.recordWrongCode(userId, 'attivazione', origin);
      return undefined;
    }
    const codes = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      if (!(await enableTwoFactor(trx, userId, step, now.toISOString())))
        throw errors.twoFactorSetupExpired();
      await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), now.toISOString());
      await this.log.record({ type: 'due_fattori_attivati', userId, actorId: userId, origin }, trx);
    });
    return { recoveryCodes: codes };
  }

  /** Ten new recovery codes for a current code of the app (the old ones stop working). Undefined: wrong code. */
  async regenerateRecoveryCodes(
    userId: string,
    code: string,
    origin: RequestOrigin,
  ): Promise<RecoveryCodes | undefined> {
    const stored = await this.enabledOf(userId);
    if (!(await this.acceptAuthenticatorCode(stored, code))) {
      await this.recordWrongCode(userId, 'nuovi_codici', origin);
      return undefined;
    }
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(this.db, userId, codes.map(hashRecoveryCode), this.nowIso());
    return { recoveryCodes: codes };
  }

  /**
   * Turns two-factor sign-in off with the password and a code (of the app or a recovery one).
   * Returns which one was wrong (nothing changes), or undefined once it is off. 409 when it is not
   * on, or when the amministratore requires it.
   */
  async disable(
    userId: string,
    input: { password: string; codice: string },
    origin: RequestOrigin,
  ): Promise<DisableOutcome> {
    const stored = await this.enabledOf(userId);
    if (await readTwoFactorRequired(this.db)) throw errors.twoFactorRequiredForAll();
    if (!(await verifyPassword(await findPasswordHashById(this.db, userId), input.password))) {
      return { refused: 'password' };
    }
    if (!(await this.acceptSecondFactor(stored, input.codice, origin))) {
      await this.recordWrongCode(userId, 'disattivazione', origin);
      return { refused: 'codice' };
    }
    await this.db.transaction().execute(async (trx) => {
      await deleteTwoFactor(trx, userId);
      await this.log.record({ type: 'due_fattori_disattivati', userId, actorId: userId, origin }, trx);
    });
    return undefined;
  }

  /**
   * Opens the code step of a sign-in whose password was right: a random id for the cookie (its
   * SHA-256 stored), valid TWO_FACTOR.challengeMinutes.
   */
  async startChallenge(userId: string): Promise<NewChallenge> {
    const now = this.clock.now();
    const id = this.secrets.newSecret();
    const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeMinutes * MINUTE);
    await insertChallenge(this.db, {
      idHash: hashSecret(id),
      userId,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { id, expiresAt };
  }

  /**
   * The account a live challenge (unexpired, unused, not out of attempts) signs in, while it is
   * active. 401 TWO_FACTOR_EXPIRED otherwise.
   */
  async challengeAccount(id: string | undefined): Promise<User> {
    if (id === undefined || !SECRET_PATTERN.test(id)) throw errors.twoFactorChallengeExpired();
    const live = await findLiveChallenge(
      this.db,
      hashSecret(id),
      this.nowIso(),
      TWO_FACTOR.challengeAttempts,
    );
    const account = live ? await findUserAccountById(this.db, live.userId) : undefined;
    if (account?.status !== 'attivo') throw errors.twoFactorChallengeExpired();
    const { status: _status, ...user } = account;
    return user;
  }

  /**
   * The code step of a sign-in: a right code (of the app, or an unused recovery code) ends the
   * challenge and names the user to open a session for; a wrong one counts on the challenge,
   * which ends after TWO_FACTOR.challengeAttempts. The challenge is single-use: of two right
   * codes sent at once, only the one that deletes it signs in.
   */
  async completeChallenge(id: string, code: string, origin: RequestOrigin): Promise<ChallengeOutcome> {
    const userId = (await this.challengeAccount(id))._id;
    const idHash = hashSecret(id);
    const stored = await findTwoFactor(this.db, userId);
    if (!isOn(stored)) {
      // Reset by an amministratore meanwhile: the sign-in starts again (with the password alone).
      await deleteChallenge(this.db, idHash);
      throw errors.twoFactorChallengeExpired();
    }
    if (!(await this.acceptSecondFactor(stored, code, origin))) {
      await failChallenge(this.db, idHash, TWO_FACTOR.challengeAttempts);
      await this.recordWrongCode(userId, 'accesso', origin);
      return { kind: 'wrong-code' };
    }
    if (!(await deleteChallenge(this.db, idHash))) throw errors.twoFactorChallengeExpired();
    return { kind: 'signed-in', userId };
  }

  /**
   * An amministratore removes the two-factor sign-in of account `userId` (a lost phone): its
   * secret and recovery codes go, and its sessions end, in one transaction. 404, 409 when not on.
   */
  async reset(actorId: string, userId: string, origin: RequestOrigin): Promise<User> {
    const account = await findUserAccountById(this.db, userId);
    if (!account) throw errors.userNotFound();
    await this.db.transaction().execute(async (trx) => {
      if (!(await deleteTwoFactor(trx, userId))) throw errors.twoFactorNotEnabled();
      const ended = await this.options.sessions.endAllOf(userId, trx);
      await this.log.record(
        { type: 'due_fattori_azzerati', userId, actorId, origin, details: { sessioniChiuse: ended } },
        trx,
      );
    });
    const { status: _status, ...user } = account;
    return user;
  }

  /** Whether every account must use two-factor sign-in. */
  isRequired(): Promise<boolean> {
    return readTwoFactorRequired(this.db);
  }

  /**
   * Sets whether every account must use two-factor sign-in. Turning it on needs it on the
   * amministratore's own account first (409): nobody locks themselves into the enrolment screen.
   */
  async setRequired(actorId: string, required: boolean, origin: RequestOrigin): Promise<boolean> {
    if (required && !isOn(await findTwoFactor(this.db, actorId))) {
      throw errors.twoFactorRequiredNeedsOwn();
    }
    await this.db.transaction().execute(async (trx) => {
      const now = this.nowIso();
      await lockAccountSettings(trx, now);
      if ((await readTwoFactorRequired(trx)) === required) return;
      await writeTwoFactorRequired(trx, required, now);
      await this.log.record(
        { type: 'due_fattori_obbligatori', actorId, origin, details: { obbligatoria: required } },
        trx,
      );
    });
    return required;
  }

  /** The enabled two-factor sign-in of `userId`; 409 when it is not on. */
  private async enabledOf(userId: string): Promise<StoredTwoFactor> {
    const stored = await findTwoFactor(this.db, userId);
    if (!isOn(stored)) throw errors.twoFactorNotEnabled();
    return stored;
  }

  /** A current code of the app, never one already accepted (its step is then recorded). */
  private async acceptAuthenticatorCode(stored: StoredTwoFactor, code: string): Promise<boolean> {
    if (!isAuthenticatorCode(code)) return false;
    const step = matchTotp(stored.secret, code, this.clock.now());
    if (step === undefined) return false;
    return useTimeStep(this.db, stored.userId, step);
  }

  /** A code of the app, or an unused recovery code (then used up, and the log says so). */
  private async acceptSecondFactor(
    stored: StoredTwoFactor,
    code: string,
    origin: RequestOrigin,
  ): Promise<boolean> {
    if (isAuthenticatorCode(code)) return this.acceptAuthenticatorCode(stored, code);
    const { userId } = stored;
    if (!(await useRecoveryCode(this.db, userId, hashRecoveryCode(code), this.nowIso()))) return false;
    const left = await countUnusedRecoveryCodes(this.db, userId);
    await this.log.record({
      type: 'codice_recupero_usato',
      userId,
      actorId: userId,
      origin,
      details: { codiciRimasti: left },
    });
    return true;
  }

  private async recordWrongCode(userId: string, step: CodeStep, origin: RequestOrigin): Promise<void> {
    await this.log.record({
      type: 'codice_due_fattori_errato',
      userId,
      actorId: userId,
      origin,
      details: { fase: step },
    });
  }
}
