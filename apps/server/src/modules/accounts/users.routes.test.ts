import type { AccountSettings, User, UserAccount } from '@magazzino/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register, signup } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { RecordingMailer } from '../../../test/recording-mailer.js';
import { setAccess, signInAs } from '../../../test/roles.js';
import { createAccount } from './accounts.service.js';

const PUBLIC_URL = 'https://magazzino.example.it';

/** Makes every query answer `ms` later: two transactions started together then surely overlap. */
const slowQueries = (ms: number): KyselyPlugin => ({
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return args.result;
  },
});

/** The reset link of the last mail sent to `email`. */
function lastResetToken(mailer: RecordingMailer, email: string): string {
  const mail = mailer.sent.filter((m) => m.to === email).at(-1);
  const token = new RegExp(`${PUBLIC_URL}/newpassword/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe.each(DIALECTS)('users (the Utenti page) on %s', (dialect) => {
  describe('the first account', () => {
    it('is amministratore; the next ones get the default role, magazziniere (SIGNUP=open)', async () => {
      const t = await buildTestApp(dialect, { SIGNUP: 'open' });
      try {
        const first = await signup(t.app, newUserInput());
        expect(first.statusCode).toBe(201);
        expect(first.json<User>().role).toBe('amministratore');
        const input = newUserInput();
        expect((await signup(t.app, input)).statusCode).toBe(202);
        const second = await login(t.app, input.email, input.password);
        expect(second.json<User>().role).toBe('magazziniere');
        expect((await me(t.app, sessionCookieOf(second))).json<User>().role).toBe('magazziniere');
      } finally {
        await t.close();
      }
    });

    it('is one only when several sign up at the same moment on a new installation', async () => {
      const t = await buildTestApp(dialect);
      try {
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) => signup(t.app, newUserInput(), `192.0.2.${i + 1}`)),
        );
        // One of them is the first account, signed in at once; the others wait for approval.
        expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 202, 202, 202, 202, 202]);
        const accounts = await t.app.users.list();
        expect(accounts.filter((account) => account.role === 'amministratore')).toHaveLength(1);
        expect(accounts.filter((account) => account.status === 'in_attesa')).toHaveLength(5);
      } finally {
        await t.close();
      }
    });

    it('is one only even when the creations overlap inside their transactions', async () => {
      const t = await buildTestApp(dialect);
      try {
        // Every query answers late: without the lock, each transaction would count no users yet.
        const slowDb = t.app.db.withPlugin(slowQueries(30));
        const created = await Promise.all(
          Array.from({ length: 3 }, () => createAccount(slowDb, newUserInput(), t.app.clock)),
        );
        expect(created.map((user) => user.role).sort()).toEqual([
          'amministratore',
          'magazziniere',
          'magazziniere',
        ]);
      } finally {
        await t.close();
      }
    });

    it('is amministratore with SIGNUP=closed too (npm run user:create), and --role applies to the others', async () => {
      const t = await buildTestApp(dialect, { SIGNUP: 'closed' });
      try {
        const first = await createAccount(t.app.db, newUserInput(), t.app.clock, 'sola_lettura');
        const second = await createAccount(t.app.db, newUserInput(), t.app.clock, 'sola_lettura');
        const third = await createAccount(t.app.db, newUserInput(), t.app.clock);
        expect([first.role, second.role, third.role]).toEqual([
          'amministratore',
          'sola_lettura',
          'magazziniere',
        ]);
      } finally {
        await t.close();
      }
    });
  });

  describe('managing accounts', () => {
    let t: TestApp;
    let mailer: RecordingMailer;
    let admin: Session;
    beforeAll(async () => {
      mailer = new RecordingMailer();
      t = await buildTestApp(dialect, { PUBLIC_URL }, { mailer });
      admin = await signIn(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists every account, oldest first, with role and status and nothing secret', async () => {
      const clerk = await signIn(t.app);
      const res = await admin.inject({ method: 'GET', url: '/api/users' });
      expect(res.statusCode).toBe(200);
      const accounts = res.json<UserAccount[]>();
      expect(accounts[0]).toEqual({ ...admin.user, status: 'attivo' });
      expect(accounts).toContainEqual({ ...clerk.user, role: 'magazziniere', status: 'attivo' });
      for (const account of accounts) {
        expect(Object.keys(account).sort()).toEqual([
          '_id',
          'createdAt',
          'email',
          'role',
          'status',
          'twoFactorEnabled',
          'twoFactorSetupRequired',
          'username',
        ]);
      }
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it('changes a role, and refuses an unknown account, an unknown role and an empty change', async () => {
      const clerk = await signIn(t.app);
      const changed = await admin.inject({
        method: 'PATCH',
        url: `/api/users/${clerk.user._id}`,
        payload: { role: 'sola_lettura' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ ...clerk.user, role: 'sola_lettura', status: 'attivo' });

      const unknown = await admin.inject({
        method: 'PATCH',
        url: '/api/users/nessuno',
        payload: { role: 'magazziniere' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'NOT_FOUND', error: 'Utente non trovato.' });
      const badRole = await admin.inject({
        method: 'PATCH',
        url: `/api/users/${clerk.user._id}`,
        payload: { role: 'capo' },
      });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { role: 'Il ruolo deve essere amministratore, magazziniere o sola_lettura' },
      });
      const empty = await admin.inject({ method: 'PATCH', url: `/api/users/${clerk.user._id}`, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ error: string }>().error).toBe(
        "Indica il nuovo ruolo o il nuovo stato dell'account.",
      );
    });

    it('disables an account: its sessions end at once, it cannot sign in or get a reset link; enabling lets it back', async () => {
      const input = newUserInput();
      const first = sessionCookieOf(await register(t.app, input, '198.51.100.1'));
      const second = sessionCookieOf(await login(t.app, input.email, input.password, '198.51.100.1'));
      const user = (await me(t.app, first)).json<User>();

      const disabled = await setAccess(admin, user._id, { status: 'disabilitato' });
      expect(disabled).toMatchObject({ status: 'disabilitato', role: 'magazziniere' });
      for (const cookie of [first, second]) {
        const res = await me(t.app, cookie);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      // The same answer as a wrong password: nobody learns the account exists but is disabled.
      const refused = await login(t.app, input.email, input.password, '198.51.100.2');
      const wrong = await login(t.app, input.email, 'password-sbagliata', '198.51.100.2');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(wrong.json());
      expect(refused.headers['set-cookie']).toBeUndefined();

      const mailsBefore = mailer.sent.length;
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: input.email },
      });
      expect(forgot.statusCode).toBe(200);
      await t.app.accountMails.idle();
      expect(mailer.sent).toHaveLength(mailsBefore);
      const reset = await admin.inject({ method: 'POST', url: `/api/users/${user._id}/password-reset` });
      expect(reset.statusCode).toBe(409);
      expect(reset.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });

      await setAccess(admin, user._id, { status: 'attivo' });
      expect((await login(t.app, input.email, input.password, '198.51.100.3')).statusCode).toBe(200);
      // The sessions that were ended stay ended.
      expect((await me(t.app, first)).statusCode).toBe(401);
    });

    it('mails a reset link that works like the one of "Password dimenticata?"', async () => {
      const input = newUserInput();
      const user = (await register(t.app, input, '198.51.100.10')).json<User>();
      const res = await admin.inject({ method: 'POST', url: `/api/users/${user._id}/password-reset` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: `Link per reimpostare la password inviato a ${input.email}.` });
      const token = lastResetToken(mailer, input.email);
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/users/reset-password/${token}`,
        payload: { password: 'nuova-password-1' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await login(t.app, input.email, 'nuova-password-1', '198.51.100.10')).statusCode).toBe(200);
      const unknown = await admin.inject({ method: 'POST', url: '/api/users/nessuno/password-reset' });
      expect(unknown.statusCode).toBe(404);
    });

    it('sets the role of new accounts, kept in the database', async () => {
      const read = await admin.inject({ method: 'GET', url: '/api/users/settings' });
      expect(read.json()).toEqual({
        signup: 'approval',
        signupRole: 'magazziniere',
        twoFactorRequired: false,
      });
      const set = await admin.inject({
        method: 'PUT',
        url: '/api/users/settings',
        payload: { signupRole: 'sola_lettura' },
      });
      expect(set.json<AccountSettings>()).toEqual({
        signup: 'approval',
        signupRole: 'sola_lettura',
        twoFactorRequired: false,
      });
      const roleOfSignup = async (ip: string) => {
        const input = newUserInput();
        expect((await signup(t.app, input, ip)).statusCode).toBe(202);
        const list = (await admin.inject({ method: 'GET', url: '/api/users' })).json<UserAccount[]>();
        return list.find((account) => account.email === input.email)?.role;
      };
      try {
        // The role a waiting account will get unless the amministratore picks another one.
        expect(await roleOfSignup('198.51.100.20')).toBe('sola_lettura');
        const invalid = await admin.inject({
          method: 'PUT',
          url: '/api/users/settings',
          payload: { signupRole: 'ospite' },
        });
        expect(invalid.statusCode).toBe(400);
      } finally {
        await admin.inject({
          method: 'PUT',
          url: '/api/users/settings',
          payload: { signupRole: 'magazziniere' },
        });
      }
      expect(await roleOfSignup('198.51.100.21')).toBe('magazziniere');
    });
  });

  describe('the last amministratore', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
    });
    afterAll(async () => {
      await t.close();
    });

    it('cannot be demoted or disabled, and nobody disables their own account', async () => {
      const admin = await signIn(t.app);
      const demote = await admin.inject({
        method: 'PATCH',
        url: `/api/users/${admin.user._id}`,
        payload: { role: 'magazziniere' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({
        code: 'LAST_ADMIN',
        error:
          "È l'unico amministratore attivo: nomina prima un altro amministratore, poi cambia il suo ruolo o disabilitalo.",
      });
      const disableSelf = await admin.inject({
        method: 'PATCH',
        url: `/api/users/${admin.user._id}`,
        payload: { status: 'disabilitato' },
      });
      expect(disableSelf.statusCode).toBe(409);
      expect(disableSelf.json()).toMatchObject({ code: 'SELF_DISABLE' });

      // A disabled amministratore does not count: the active one is still the last.
      const other = await signInAs(t.app, admin, 'amministratore');
      await setAccess(admin, other.user._id, { status: 'disabilitato' });
      const stillLast = await admin.inject({
        method: 'PATCH',
        url: `/api/users/${admin.user._id}`,
        payload: { role: 'sola_lettura' },
      });
      expect(stillLast.json()).toMatchObject({ code: 'LAST_ADMIN' });

      // With another active one, an amministratore may step down; then that one is the last.
      await setAccess(admin, other.user._id, { status: 'attivo' });
      // Disabling ended the other's sessions: it signs in again.
      const otherCookie = sessionCookieOf(await login(t.app, other.user.email, 'password-di-prova'));
      await setAccess(admin, admin.user._id, { role: 'magazziniere' });
      expect((await admin.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
      const asOther = (payload: object, id: string) =>
        t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload, headers: { cookie: otherCookie } });
      expect((await asOther({ role: 'magazziniere' }, other.user._id)).json()).toMatchObject({
        code: 'LAST_ADMIN',
      });
      expect((await asOther({ role: 'amministratore' }, admin.user._id)).statusCode).toBe(200);
    });

    it('survives two amministratori demoting each other at the same moment', async () => {
      for (let round = 0; round < 3; round += 1) {
        const a = await freshAdministrator(t);
        const b = await freshAdministrator(t);
        // Leave exactly these two active amministratori.
        for (const account of await t.app.users.list()) {
          if (account.role === 'amministratore' && account._id !== a.user._id && account._id !== b.user._id) {
            await setAccess(a, account._id, { role: 'magazziniere' });
          }
        }
        const [ab, ba] = await Promise.all([
          a.inject({ method: 'PATCH', url: `/api/users/${b.user._id}`, payload: { role: 'magazziniere' } }),
          b.inject({ method: 'PATCH', url: `/api/users/${a.user._id}`, payload: { role: 'magazziniere' } }),
        ]);
        const statuses = [ab.statusCode, ba.statusCode].sort();
        // One wins; the other finds itself the last one (409) or already without the role (403).
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        const activeAdmins = (await t.app.users.list()).filter(
          (account) => account.role === 'amministratore' && account.status === 'attivo',
        );
        expect(activeAdmins).toHaveLength(1);
      }
    });
  });
});

/** A new account made amministratore by any current amministratore of `t`. */
async function freshAdministrator(t: TestApp): Promise<Session> {
  const session = await signIn(t.app);
  const users = await t.app.users.list();
  const admin = users.find((account) => account.role === 'amministratore' && account.status === 'attivo');
  if (!admin) throw new Error('no amministratore left');
  const updated = await t.app.users.update(admin._id, session.user._id, { role: 'amministratore' });
  return { ...session, user: updated };
}
