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
import type { SessionService } from './sessions.service.js';
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
  async approve(id: string, role: Role): Promise<{ account: UserAccount; notify: () => Promise<void> }> {
    const now = this.clock.now().toISOString();
    const account = await this.db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now);
      const current = await findUserAccountById(trx, id);
      if (!current) throw errors.userNotFound();
      if (current.status !== 'in_attesa') throw errors.notPending();
      const updated = await updateUserAccess(trx, id, { role, status: 'attivo' }, now);
      if (!updated) throw errors.userNotFound();
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
  async reject(id: string): Promise<UserAccount> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      await lockAccountSettings(trx, now);
      const current = await findUserAccountById(trx, id);
      if (!current) throw errors.userNotFound();
      if (current.status !== 'in_attesa') throw errors.notPending();
      await deleteUser(trx, id);
      return current;
    });
  }

  /**
   * Changes the role and/or status of account `id`, on behalf of `actorId`. Disabling ends the
   * account's sessions and reset links in the same transaction. 400 when nothing is asked, 404,
   * 409 SELF_DISABLE, 409 LAST_ADMIN.
   */
  async update(actorId: string, id: string, input: UserUpdateInput): Promise<UserAccount> {
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
      if (next.status !== 'attivo') {
        await this.options.sessions.endAllOf(id, trx);
        await deleteResetsOfUser(trx, id);
      }
      return updated;
    });
  }

  /** How new accounts come in. */
  async settings(): Promise<AccountSettings> {
    return { signup: this.options.signup, signupRole: await readSignupRole(this.db) };
  }

  /** Sets the role of new accounts. */
  async updateSettings(input: AccountSettingsInput): Promise<AccountSettings> {
    await writeSignupRole(this.db, input.signupRole, this.clock.now().toISOString());
    return this.settings();
  }
}
