import type { LoginInput, Role, SignupInput, User } from '@magazzino/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../plugins/mailer.js';
import { lockAccountSettings, readSignupRole } from './account-settings.repository.js';
import { SECRET_PATTERN, hashSecret, isoAfter, randomSecrets, type SecretSource } from './accounts.ports.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { passwordResetMail } from './password-reset.mail.js';
import {
  consumePasswordReset,
  deleteExpiredResets,
  deleteResetsOfUser,
  findValidPasswordReset,
  insertPasswordReset,
} from './password-resets.repository.js';
import type { SessionService } from './sessions.service.js';
import {
  countUsers,
  findCredentialsByEmail,
  findUserAccountById,
  insertUser,
  updatePasswordHash,
} from './users.repository.js';

/** A reset link is valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Creates an account (sign-up and the user:create command): argon2id hash, then an insert that
 * the UNIQUE index on the normalised email guards. Throws `errors.emailTaken()`.
 *
 * The first account of an installation is amministratore; the others get `role` if given, else
 * the default role of the 'Utenti' page. "First" is decided under the account-settings lock, so
 * two sign-ups racing on an empty database cannot both see it empty.
 */
export async function createAccount(
  db: Kysely<Database>,
  input: SignupInput,
  clock: Clock,
  role?: Role,
): Promise<User> {
  // Saves an argon2 round for the common case; the UNIQUE index settles races.
  if (await findCredentialsByEmail(db, input.email)) throw errors.emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now.toISOString());
      const first = (await countUsers(trx)) === 0;
      return insertUser(trx, {
        id: newId(now.getTime()),
        email: input.email,
        username: input.username,
        passwordHash,
        role: first ? 'amministratore' : (role ?? (await readSignupRole(trx))),
        now: now.toISOString(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
}

export interface AccountsServiceOptions {
  db: Kysely<Database>;
  sessions: SessionService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signup: 'open' | 'closed';
  /** Base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  clock: Clock;
  secrets?: SecretSource;
}

/** Business rules of accounts: sign-up, credentials, password reset. */
export class AccountsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly secrets: SecretSource;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: AccountsServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.secrets = options.secrets ?? randomSecrets;
  }

  /** 403 SIGNUP_CLOSED when self-registration is turned off. */
  assertSignupOpen(): void {
    if (this.options.signup === 'closed') throw errors.signupClosed();
  }

  /** Registers a user (409 if the email is taken in any case). */
  signup(input: SignupInput): Promise<User> {
    this.assertSignupOpen();
    return createAccount(this.db, input, this.clock);
  }

  /**
   * The user whose credentials these are, or undefined. An unknown email costs the same argon2
   * check as a wrong password, so the answer time does not reveal which addresses exist; a
   * disabled account gets the same answer as a wrong password, after the same check.
   */
  async login(input: LoginInput): Promise<User | undefined> {
    const found = await findCredentialsByEmail(this.db, input.email);
    const valid = await verifyPassword(found?.passwordHash, input.password);
    return valid && found?.status === 'attivo' ? found.user : undefined;
  }

  /**
   * Starts the reset of `email` in the background and returns at once: the caller answers the same
   * thing, in the same time, whether or not the address is registered. Failures are logged.
   */
  requestPasswordReset(email: string): void {
    const task = this.sendResetLink(email).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'password reset request failed');
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves once every background reset request has finished (app close, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Mails user `userId` a reset link now, for an amministratore on 'Utenti' (who waits for the
   * mail to be handed over, and hears if it fails). 404 for no such user, 409 when disabled.
   */
  async sendResetLinkTo(userId: string): Promise<User> {
    const account = await findUserAccountById(this.db, userId);
    if (!account) throw errors.userNotFound();
    if (account.status !== 'attivo') throw errors.accountDisabled();
    await this.mailResetLink(account);
    return account;
  }

  private async sendResetLink(email: string): Promise<void> {
    const found = await findCredentialsByEmail(this.db, email);
    if (!found) {
      this.options.log.info('password reset asked for an address with no account');
      return;
    }
    // A disabled account could not use the new password: no mail, the same answer.
    if (found.status !== 'attivo') {
      this.options.log.info('password reset asked for a disabled account');
      return;
    }
    await this.mailResetLink(found.user);
  }

  private async mailResetLink(user: User): Promise<void> {
    const now = this.clock.now();
    await deleteExpiredResets(this.db, now.toISOString());
    const token = this.secrets.newSecret();
    await insertPasswordReset(this.db, {
      tokenHash: hashSecret(token),
      userId: user._id,
      now: now.toISOString(),
      expiresAt: isoAfter(now, RESET_TOKEN_TTL_MS),
    });
    const mail = passwordResetMail({
      to: user.email,
      username: user.username,
      link: `${this.options.publicUrl}/newpassword/${token}`,
      validMinutes: RESET_TOKEN_TTL_MS / 60_000,
    });
    await this.options.mailer.send(mail);
  }

  /**
   * Sets a new password with a reset token: single use, unexpired, then every session of the user
   * is revoked and the user's other tokens dropped. 400 INVALID_TOKEN otherwise.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    if (!SECRET_PATTERN.test(token)) throw errors.invalidResetToken();
    const tokenHash = hashSecret(token);
    // Checked before the costly hash, so junk tokens cannot make the server burn argon2 rounds.
    if (!(await findValidPasswordReset(this.db, tokenHash, this.clock.now().toISOString()))) {
      throw errors.invalidResetToken();
    }
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now().toISOString();
      // The conditional update is what makes the token single-use, even under concurrency.
      const userId = await consumePasswordReset(trx, tokenHash, now);
      if (userId === undefined) throw errors.invalidResetToken();
      await updatePasswordHash(trx, userId, passwordHash, now);
      await this.options.sessions.endAllOf(userId, trx);
      await deleteResetsOfUser(trx, userId, tokenHash);
    });
  }
}
