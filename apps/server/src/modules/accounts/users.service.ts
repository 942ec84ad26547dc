import type {
  AccountSettings,
  AccountSettingsInput,
  Role,
  UserAccount,
  UserUpdateInput,
} from '@magazzino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mailer.js';
import { lockAccountSettings, readSignupRole, writeSignupRole } from './account-settings.repository.js';
import { deleteResetsOfUser } from './password-resets.repository.js';
import type { RequestOrigin, SecurityEntry, SecurityLog } from './security-log.service.js';
import type { SessionService } from './sessions.service.js';
import { readTwoFactorRequired } from './two-factor.repository.js';
import { accountApprovedMail } from './signup.mail.js';
import {
  countActiveAdministrators,
  deleteUser,
  findUserAccountById,
  listUserAccounts,
  updateUserAccess,
} from './users.repository.js';

export interface UsersServiceOptions {
  db: Kysely<Database>;
  sessions: SessionService;
  clock: Clock;
  mailer: Mailer;
  /** Base of the links in mails (PUBLIC_URL). */
  publicUrl: string;
  /** SIGNUP of the configuration, shown on 'Utenti'. */
  signup: 'approval' | 'open' | 'closed';
  /** Where the changes are recorded (absent in tests of the service alone: nothing recorded). */
  securityLog?: SecurityLog;
}

/** The amministratore acting on 'Utenti', and from where: the actor of the security log's entries. */
export interface Actor {
  actorId: string;
  origin: RequestOrigin;
}

const isActiveAdministrator = (account: Pick<UserAccount, 'role' | 'status'>) =>
  account.role === 'amministratore' && account.status === 'attivo';

/**
 * What an amministratore does on 'Utenti' (docs/product.md, "Roles"): list accounts, approve or
 * reject those waiting, change a role, disable or enable an account, set the role of new
 * accounts. There is always at least one active amministratore, and nobody disables their own
 * account.
 */
export class UsersService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;

  constructor(private readonly options: UsersServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
  }

  /** Every account, oldest first. */
  list(): Promise<UserAccount[]> {
    return listUserAccounts(this.db);
  }

  /**
   * Approves account `id`, waiting since its sign-up, with `role`: it becomes active and may sign
   * in. Returns it and the mail that tells its owner, to send after the answer. 404, 409 NOT_PENDING.
   */
  async approve(
    id: string,
    role: Role,
    by?: Actor,
  ): Promise<{ account: UserAccount; notify: () => Promise<void> }> {
    const now = this.clock.now().toISOString();
    const account = await this.db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now);
      const current = await findUserAccountById(trx, id);
      if (!current) throw errors.userNotFound();
      if (current.status !== 'in_attesa') throw errors.notPending();
      const updated = await updateUserAccess(trx, id, { role, status: 'attivo' }, now);
      if (!updated) throw errors.userNotFound();
      await this.log({ type: 'account_approvato', userId: id, details: { ruolo: role } }, trx, by);
      return updated;
    });
    const notify = async () => {
      await this.options.mailer.send(
        accountApprovedMail({
          to: account.email,
          username: account.username,
          role: account.role,
          loginUrl: `${this.options.publicUrl}/login`,
        }),
      );
    };
    return { account, notify };
  }

  /** Rejects account `id`, waiting since its sign-up: it is deleted. Returns it. 404, 409 NOT_PENDING. */
  async reject(id: string, by?: Actor): Promise<UserAccount> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now);
      const current = await findUserAccountById(trx, id);
      if (!current) throw errors.userNotFound();
      if (current.status !== 'in_attesa') throw errors.notPending();
      await deleteUser(trx, id);
      // The account is gone: its address and name stay in the entry.
      await this.log(
        { type: 'account_rifiutato', userId: id, email: current.email, details: { nome: current.username } },
        trx,
        by,
      );
      return current;
    });
  }

  /**
   * Changes the role and/or status of account `id`, on behalf of `actorId`. Disabling ends the
   * account's sessions and reset links in the same transaction. 400 when nothing is asked, 404,
   * 409 SELF_DISABLE, 409 LAST_ADMIN.
   */
  async update(
    actorId: string,
    id: string,
    input: UserUpdateInput,
    origin?: RequestOrigin,
  ): Promise<UserAccount> {
    const by = { actorId, origin: origin ?? { ip: null, userAgent: null } };
    if (input.role === undefined && input.status === undefined) {
      throw errors.badRequest("Indica il nuovo ruolo o il nuovo stato dell'account.");
    }
    if (input.status === 'disabilitato' && id === actorId) throw errors.selfDisable();
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      // Two amministratori demoting each other at once must not both see the other one left.
      await lockAccountSettings(trx, now);
      const current = await findUserAccountById(trx, id);
      if (!current) throw errors.userNotFound();
      // A waiting account is approved (with its role) or rejected, not edited.
      if (current.status === 'in_attesa') throw errors.accountAwaitsApproval();
      const next = { role: input.role ?? current.role, status: input.status ?? current.status };
      if (
        isActiveAdministrator(current) &&
        !isActiveAdministrator(next) &&
        (await countActiveAdministrators(trx, id)) === 0
      ) {
        throw errors.lastAdministrator();
      }
      if (next.role === current.role && next.status === current.status) return current;
      const updated = await updateUserAccess(trx, id, next, now);
      if (!updated) throw errors.userNotFound();
      if (next.role !== current.role) {
        await this.log(
          { type: 'ruolo_cambiato', userId: id, details: { da: current.role, a: next.role } },
          trx,
          by,
        );
      }
      if (next.status !== 'attivo') {
        const ended = await this.options.sessions.endAllOf(id, trx);
        await deleteResetsOfUser(trx, id);
        if (current.status === 'attivo') {
          await this.log(
            { type: 'account_disabilitato', userId: id, details: { sessioniChiuse: ended } },
            trx,
            by,
          );
        }
      } else if (current.status !== 'attivo') {
        await this.log({ type: 'account_riattivato', userId: id }, trx, by);
      }
      return updated;
    });
  }

  /** How new accounts come in, and whether they must use two-factor sign-in. */
  async settings(): Promise<AccountSettings> {
    const [signupRole, twoFactorRequired] = await Promise.all([
      readSignupRole(this.db),
      readTwoFactorRequired(this.db),
    ]);
    return { signup: this.options.signup, signupRole, twoFactorRequired };
  }

  /** Sets the role of new accounts. */
  async updateSettings(input: AccountSettingsInput, by?: Actor): Promise<AccountSettings> {
    const now = this.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now);
      const before = await readSignupRole(trx);
      await writeSignupRole(trx, input.signupRole, now);
      if (before !== input.signupRole) {
        await this.log(
          {
            type: 'impostazioni_cambiate',
            details: { impostazione: 'ruolo_nuovi_account', da: before, a: input.signupRole },
          },
          trx,
          by,
        );
      }
    });
    return this.settings();
  }

  /** Records `entry` in `trx`, by `by` (the amministratore and their browser). */
  private async log(entry: SecurityEntry, trx: Kysely<Database>, by: Actor | undefined): Promise<void> {
    await this.options.securityLog?.record(
      { ...entry, actorId: by?.actorId ?? null, ...(by ? { origin: by.origin } : {}) },
      trx,
    );
  }
}
