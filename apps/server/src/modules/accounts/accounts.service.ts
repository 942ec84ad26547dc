import type {
  ChangePasswordInput,
  LoginInput,
  Role,
  SignInFailureReason,
  SignupAccepted,
  SignupInput,
  User,
  UserAccount,
} from '@magazzino/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../plugins/mailer.js';
import { lockAccountSettings, readSignupRole } from './account-settings.repository.js';
import { SECRET_PATTERN, hashSecret, isoAfter, randomSecrets, type SecretSource } from './accounts.ports.js';
import { assertPasswordNotBreached } from './breached-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { passwordResetMail } from './password-reset.mail.js';
import {
  consumePasswordReset,
  deleteExpiredResets,
  deleteResetsOfUser,
  findValidPasswordReset,
  insertPasswordReset,
} from './password-resets.repository.js';
import { writeSecurityEvent, type RequestOrigin, type SecurityLog } from './security-log.service.js';
import type { SessionService } from './sessions.service.js';
import { addressTakenMail, signupRequestMail } from './signup.mail.js';
import {
  countUsers,
  findCredentialsByEmail,
  findPasswordHashById,
  findUserAccountById,
  insertUser,
  listActiveAdministrators,
  updatePasswordHash,
} from './users.repository.js';

/** A reset link is valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** What sign-up answers, by mode: the same for an address with an account as for a new one. */
export const SIGNUP_MESSAGES = {
  approval:
    "Richiesta di registrazione ricevuta. Un amministratore deve approvarla prima che tu possa accedere: riceverai un'email quando l'account sarà attivo. Se questo indirizzo aveva già un account, ti abbiamo scritto un'email.",
  open: "Registrazione ricevuta: accedi con la tua email e la password che hai scelto. Se questo indirizzo aveva già un account, ti abbiamo scritto un'email.",
} as const satisfies Record<SignupAccepted['signup'], string>;

/**
 * Creates an active account (the user:create command; sign-up goes through `AccountsService`):
 * the password rules, an argon2id hash, then an insert that the UNIQUE index on the normalised
 * email guards. Throws `errors.emailTaken()`.
 *
 * The first account of an installation is amministratore; the others get `role` if given, else
 * the default role of the 'Utenti' page. "First" is decided under the account-settings lock, so
 * two creations racing on an empty database cannot both see it empty. The security log records
 * `account_creato` in the same transaction.
 */
export async function createAccount(
  db: Kysely<Database>,
  input: SignupInput,
  clock: Clock,
  role?: Role,
): Promise<User> {
  assertPasswordNotBreached(input.password);
  // Saves an argon2 round for the common case; the UNIQUE index settles races.
  if (await findCredentialsByEmail(db, input.email)) throw errors.emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  try {
    const { status: _status, ...user } = await db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now.toISOString());
      const first = (await countUsers(trx)) === 0;
      const account = await insertUser(trx, {
        id: newId(now.getTime()),
        email: input.email,
        username: input.username,
        passwordHash,
        role: first ? 'amministratore' : (role ?? (await readSignupRole(trx))),
        status: 'attivo',
        now: now.toISOString(),
      });
      await writeSecurityEvent(trx, clock, {
        type: 'account_creato',
        userId: account._id,
        details: { ruolo: account.role, origine: 'comando' },
      });
      return account;
    });
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailTaken();
    throw error;
  }
}

/** What a sign-up led to: the first account signed in, or an answer that says nothing of the address. */
export type SignupOutcome =
  | { kind: 'signed-in'; user: User }
  | {
      kind: 'accepted';
      answer: SignupAccepted;
      /** The mail to send once the answer has left (to the amministratori, or to the address's owner). */
      notify: () => Promise<void>;
    };

/**
 * What a sign-in found: the user, an account still waiting for approval, or a failure, whose
 * reason only the security log learns (the client gets the same answer for every failure).
 */
export type LoginOutcome =
  | { kind: 'user'; user: User }
  | { kind: 'pending'; userId: string }
  | { kind: 'failed'; reason: SignInFailureReason; userId: string | null };

export interface AccountsServiceOptions {
  db: Kysely<Database>;
  sessions: SessionService;
  mailer: Mailer;
  signup: 'approval' | 'open' | 'closed';
  /** Base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  clock: Clock;
  secrets?: SecretSource;
  /** Where the changes are recorded (absent in tests of the service alone: nothing recorded). */
  securityLog?: SecurityLog;
}

/** Business rules of accounts: sign-up, credentials, password change and reset. */
export class AccountsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly secrets: SecretSource;

  constructor(private readonly options: AccountsServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.secrets = options.secrets ?? randomSecrets;
  }

  /** 403 SIGNUP_CLOSED when self-registration is turned off. */
  assertSignupOpen(): void {
    if (this.options.signup === 'closed') throw errors.signupClosed();
  }

  /**
   * Registers a user (docs/product.md, "Accounts and sessions"). The first account of an
   * installation is amministratore and signed in at once. Any other sign-up gets the same answer
   * whether or not the address already has an account, after the same work (rules, an argon2
   * hash, one transaction under the settings lock): a new address becomes an account, waiting for
   * approval (SIGNUP=approval) or active with the default role (SIGNUP=open); a taken one stays
   * as it is and its owner is told by mail. Mails go out only after the answer (`notify`).
   * A new account is recorded in the security log (`account_creato`, from `origin`).
   */
  async signup(input: SignupInput, origin?: RequestOrigin): Promise<SignupOutcome> {
    this.assertSignupOpen();
    const mode = this.options.signup === 'open' ? 'open' : 'approval';
    assertPasswordNotBreached(input.password);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const answer: SignupAccepted = { message: SIGNUP_MESSAGES[mode], signup: mode };
    let result: { taken: User } | { created: UserAccount; first: boolean } | undefined;
    try {
      result = await this.db.transaction().execute(async (trx) => {
        await lockAccountSettings(trx, now.toISOString());
        const first = (await countUsers(trx)) === 0;
        const taken = await findCredentialsByEmail(trx, input.email);
        const role = first ? 'amministratore' : await readSignupRole(trx);
        if (taken) return { taken: taken.user };
        const account = await insertUser(trx, {
          id: newId(now.getTime()),
          email: input.email,
          username: input.username,
          passwordHash,
          role,
          status: first || mode === 'open' ? 'attivo' : 'in_attesa',
          now: now.toISOString(),
        });
        await this.options.securityLog?.record(
          {
            type: 'account_creato',
            userId: account._id,
            actorId: account._id,
            ...(origin ? { origin } : {}),
            details: { ruolo: account.role, stato: account.status, origine: 'registrazione' },
          },
          trx,
        );
        return { created: account, first };
      });
    } catch (error) {
      // Two sign-ups of one address racing: the loser is answered like any taken address.
      if (!isUniqueViolation(error)) throw error;
      const owner = await findCredentialsByEmail(this.db, input.email);
      result = owner ? { taken: owner.user } : undefined;
    }
    if (result && 'created' in result && result.first) {
      const { status: _status, ...user } = result.created;
      return { kind: 'signed-in', user };
    }
    let notify = () => Promise.resolve();
    if (result && 'taken' in result) {
      const owner = result.taken;
      notify = () => this.mailAddressTaken(owner);
    } else if (result && result.created.status === 'in_attesa') {
      const waiting = result.created;
      notify = () => this.mailSignupRequest(waiting);
    }
    return { kind: 'accepted', answer, notify };
  }

  private async mailAddressTaken(owner: User): Promise<void> {
    const { publicUrl } = this.options;
    await this.options.mailer.send(
      addressTakenMail({
        to: owner.email,
        username: owner.username,
        loginUrl: `${publicUrl}/login`,
        resetUrl: `${publicUrl}/resetpassword`,
      }),
    );
  }

  private async mailSignupRequest(waiting: User): Promise<void> {
    const usersUrl = `${this.options.publicUrl}/utenti`;
    for (const admin of await listActiveAdministrators(this.db)) {
      await this.options.mailer.send(
        signupRequestMail({
          to: admin.email,
          adminName: admin.username,
          username: waiting.username,
          email: waiting.email,
          usersUrl,
        }),
      );
    }
  }

  /**
   * What these credentials open. An unknown email costs the same argon2 check as a wrong password,
   * so the answer time does not reveal which addresses exist; a disabled account gets the same
   * answer as a wrong password, after the same check. An account waiting for approval is told so,
   * but only with its right password.
   */
  async login(input: LoginInput): Promise<LoginOutcome> {
    const found = await findCredentialsByEmail(this.db, input.email);
    const valid = await verifyPassword(found?.passwordHash, input.password);
    if (!found) return { kind: 'failed', reason: 'indirizzo_sconosciuto', userId: null };
    const userId = found.user._id;
    if (!valid) return { kind: 'failed', reason: 'password_errata', userId };
    if (found.status === 'attivo') return { kind: 'user', user: found.user };
    if (found.status === 'in_attesa') return { kind: 'pending', userId };
    return { kind: 'failed', reason: 'account_disabilitato', userId };
  }

  /**
   * Changes the password of `userId` after checking the current one: every other session of the
   * user ends (the one with id hash `keepSessionHash` stays) and pending reset links are voided.
   * Returns false when the current password is wrong (nothing changes). Returns how many other
   * sessions ended.
   */
  async changePassword(
    userId: string,
    keepSessionHash: string,
    input: ChangePasswordInput,
    origin?: RequestOrigin,
  ): Promise<{ valid: false } | { valid: true; endedSessions: number }> {
    const storedHash = await findPasswordHashById(this.db, userId);
    if (!(await verifyPassword(storedHash, input.currentPassword))) return { valid: false };
    assertPasswordNotBreached(input.newPassword, 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const endedSessions = await this.db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, userId, passwordHash, this.clock.now().toISOString());
      await deleteResetsOfUser(trx, userId);
      const ended = await this.options.sessions.endAllOf(userId, trx, keepSessionHash);
      await this.options.securityLog?.record(
        {
          type: 'password_cambiata',
          userId,
          actorId: userId,
          ...(origin ? { origin } : {}),
          details: { sessioniChiuse: ended },
        },
        trx,
      );
      return ended;
    });
    return { valid: true, endedSessions };
  }

  /**
   * The reset of `email` (forgot-password), to run after the answer has been sent: the caller
   * answers the same thing, in the same time, whether or not the address is registered.
   */
  async sendResetLink(email: string, origin?: RequestOrigin): Promise<void> {
    const found = await findCredentialsByEmail(this.db, email);
    // The log says whether a link was sent; the client was answered the same either way.
    await this.options.securityLog?.record({
      type: 'reimpostazione_richiesta',
      userId: found?.user._id ?? null,
      email: found ? null : email,
      ...(origin ? { origin } : {}),
      details: { linkInviato: found?.status === 'attivo' },
    });
    // Nothing for an unknown address, nor for an account that could not use a new password
    // (disabled, or waiting for approval): the same answer was given anyway.
    if (found?.status !== 'attivo') return;
    await this.mailResetLink(found.user);
  }

  /**
   * Mails user `userId` a reset link now, for an amministratore on 'Utenti' (who waits for the
   * mail to be handed over, and hears if it fails). 404 for no such user, 409 when not active.
   */
  async sendResetLinkTo(userId: string, by?: { actorId: string; origin: RequestOrigin }): Promise<User> {
    const account = await findUserAccountById(this.db, userId);
    if (!account) throw errors.userNotFound();
    if (account.status === 'in_attesa') throw errors.accountAwaitsApproval();
    if (account.status !== 'attivo') throw errors.accountDisabled();
    await this.mailResetLink(account);
    await this.options.securityLog?.record({
      type: 'reimpostazione_richiesta',
      userId,
      actorId: by?.actorId ?? null,
      ...(by ? { origin: by.origin } : {}),
      details: { linkInviato: true, daAmministratore: true },
    });
    return account;
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
  async resetPassword(token: string, password: string, origin?: RequestOrigin): Promise<void> {
    if (!SECRET_PATTERN.test(token)) throw errors.invalidResetToken();
    const tokenHash = hashSecret(token);
    // Checked before the costly hash, so junk tokens cannot make the server burn argon2 rounds.
    if (!(await findValidPasswordReset(this.db, tokenHash, this.clock.now().toISOString()))) {
      throw errors.invalidResetToken();
    }
    assertPasswordNotBreached(password);
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now().toISOString();
      // The conditional update is what makes the token single-use, even under concurrency.
      const userId = await consumePasswordReset(trx, tokenHash, now);
      if (userId === undefined) throw errors.invalidResetToken();
      await updatePasswordHash(trx, userId, passwordHash, now);
      const ended = await this.options.sessions.endAllOf(userId, trx);
      await deleteResetsOfUser(trx, userId, tokenHash);
      await this.options.securityLog?.record(
        {
          type: 'password_reimpostata',
          userId,
          actorId: userId,
          ...(origin ? { origin } : {}),
          details: { sessioniChiuse: ended },
        },
        trx,
      );
    });
  }
}
