import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register, signup } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { createAccount } from './accounts.service.js';
import { insertUser } from './users.repository.js';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs the first account up: 201 with the public profile only and an httpOnly Lax session cookie', async () => {
    const input = newUserInput({ username: '  Giulia Bianchi  ' });
    const res = await signup(t.app, { ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const user = res.json<Record<string, unknown>>();
    expect(Object.keys(user).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'role',
      'twoFactorEnabled',
      'twoFactorSetupRequired',
      'username',
    ]);
    expect(user).toMatchObject({ email: input.email, username: 'Giulia Bianchi' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^magazzino_sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    // A new session ends after SESSION_IDLE_DAYS (7) without use.
    expect(setCookie).toContain(`Max-Age=${7 * 24 * 3600}`);
    expect(setCookie).not.toContain('Secure');
    expect((await me(t.app, sessionCookieOf(res))).json()).toEqual(user);
    // Beside it, a hint the page can read (no secret) with the same lifetime.
    const hint = res.cookies.find((c) => c.name === 'magazzino_signed_in');
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 7 * 24 * 3600 });
    expect(hint?.httpOnly).toBeUndefined();
  });

  it.each([
    ['email', { email: undefined }, "L'email è obbligatoria"],
    ['email', { email: 'non-una-email' }, "L'email non è valida"],
    ['email', { email: `${'a'.repeat(250)}@x.it` }, "L'email è troppo lunga"],
    ['password', { password: undefined }, 'La password è obbligatoria'],
    ['password', { password: '12345678901' }, 'La password deve avere almeno 12 caratteri'],
    ['password', { password: 'x'.repeat(129) }, 'La password può avere al massimo 128 caratteri'],
    ['username', { username: '   ' }, 'Il nome utente è obbligatorio'],
    ['username', { username: 'n'.repeat(51) }, 'Il nome utente può avere al massimo 50 caratteri'],
  ])(
    'refuses a bad %s at sign-up with an Italian message on the field (%j)',
    async (field, override, message) => {
      const res = await signup(t.app, { ...newUserInput(), ...override });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ code: string; error: string; fields: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION');
      expect(body.fields[field]).toBe(message);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('accepts the limits exactly: 12 and 128 character passwords, 50 character usernames', async () => {
    for (const override of [
      { password: 'bn7-qx4-kw2!' },
      { password: 'p'.repeat(128), username: 'u'.repeat(50) },
    ]) {
      expect((await signup(t.app, newUserInput(override))).statusCode).toBe(202);
    }
  });

  it('keeps one account per address whatever its case, and the database enforces it', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const again = await signup(t.app, newUserInput({ email: ` ${input.email.toUpperCase()}` }));
    // The same answer as for a new address (signup.routes.test.ts), and no second account.
    expect(again.statusCode).toBe(202);
    const rows = await t.app.db.selectFrom('users').select('id').where('email', '=', input.email).execute();
    expect(rows).toHaveLength(1);
    // Two requests racing past the service's check still meet the UNIQUE index.
    const insert = insertUser(t.app.db, {
      id: 'race',
      email: input.email.toUpperCase(),
      username: 'x',
      passwordHash: 'x',
      role: 'magazziniere',
      status: 'attivo',
      now: new Date().toISOString(),
    });
    const error: unknown = await insert.catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('logs in with the email in any case, and gives one message for unknown email or wrong password', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const ok = await login(t.app, ` ${input.email.toUpperCase()} `, input.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: input.email, username: input.username });
    expect((await me(t.app, sessionCookieOf(ok))).statusCode).toBe(200);

    const wrongPassword = await login(t.app, input.email, 'password-sbagliata');
    const unknownEmail = await login(t.app, `nessuno-${input.email}`, input.password);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrongPassword.json()).toEqual({
      error: 'Email o password non corretti.',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('answers /me with 401 JSON without a session, with a forged cookie, and clears a stale cookie', async () => {
    const none = await me(t.app);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Accesso richiesto: effettua il login.', code: 'UNAUTHENTICATED' });
    const forged = await me(t.app, `magazzino_sid=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(/^magazzino_sid=;.*Max-Age=0/);
    expect((await me(t.app, 'magazzino_sid=garbage')).statusCode).toBe(401);
  });

  it('gives the readable hint back to a page asked with the session cookie alone, and only then', async () => {
    const cookie = sessionCookieOf(await register(t.app, newUserInput()));
    const hintOf = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.find((c) => c.name === 'magazzino_signed_in');
    const page = await t.app.inject({ method: 'GET', url: '/elencocomponenti', headers: { cookie } });
    expect(hintOf(page)).toMatchObject({ value: '1', path: '/' });
    const withHint = `${cookie}; magazzino_signed_in=1`;
    const again = await t.app.inject({
      method: 'GET',
      url: '/elencocomponenti',
      headers: { cookie: withHint },
    });
    expect(hintOf(again)).toBeUndefined();
    expect(hintOf(await t.app.inject({ method: 'GET', url: '/elencocomponenti' }))).toBeUndefined();
    expect(hintOf(await me(t.app, cookie))).toBeUndefined();
  });

  it('logs out: 204, cookie cleared, and the old cookie no longer works (revoked server-side)', async () => {
    const input = newUserInput();
    const cookie = sessionCookieOf(await register(t.app, input));
    const other = sessionCookieOf(await login(t.app, input.email, input.password));
    const res = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(String(res.headers['set-cookie'])).toMatch(/^magazzino_sid=;.*Max-Age=0/);
    expect(res.cookies.find((c) => c.name === 'magazzino_signed_in')).toMatchObject({ value: '', maxAge: 0 });
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    // Only that session ends: the user's other device stays signed in.
    expect((await me(t.app, other)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(anonymous.statusCode).toBe(204);
  });

  it('slides the session: the cookie is re-sent when the expiry moves; an expired session is refused and purged', async () => {
    const res = await register(t.app, newUserInput());
    const cookie = sessionCookieOf(res);
    const hash = createHash('sha256')
      .update(cookie.split('=')[1] ?? '')
      .digest('hex');
    const fresh = await me(t.app, cookie);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: twoMinutesAgo })
      .where('id_hash', '=', hash)
      .execute();
    const slid = await me(t.app, cookie);
    expect(slid.statusCode).toBe(200);
    expect(String(slid.headers['set-cookie'])).toMatch(new RegExp(`^${cookie};.*Max-Age=${7 * 24 * 3600}`));
    const row = await t.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('id_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at > twoMinutesAgo).toBe(true);

    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: twoMinutesAgo })
      .where('id_hash', '=', hash)
      .execute();
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    const gone = await t.app.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', hash)
      .execute();
    expect(gone).toEqual([]);
  });

  it('takes as long to refuse an unknown email as a wrong password (dummy argon2 check)', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const median = async (email: string, ip: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        expect((await login(t.app, email, 'password-sbagliata', ip)).statusCode).toBe(401);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    const wrongPassword = await median(input.email, '198.51.100.1');
    const unknownEmail = await median(`ignoto-${input.email}`, '198.51.100.2');
    // Without the dummy check an unknown email would answer in a few percent of the time.
    expect(unknownEmail / wrongPassword).toBeGreaterThan(0.3);
    expect(unknownEmail / wrongPassword).toBeLessThan(3);
  });

  it('stores sessions as SHA-256 hashes, never the cookie value', async () => {
    const res = await register(t.app, newUserInput());
    const raw = sessionCookieOf(res).split('=')[1] ?? '';
    const rows = await t.app.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(raw);
    const hash = createHash('sha256').update(raw).digest('hex');
    expect(rows.some((row) => row.id_hash === hash)).toBe(true);
  });

  it('hashes passwords with argon2id', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(input.password);
  });

  describe('with SIGNUP=closed', () => {
    let closed: TestApp;
    beforeAll(async () => {
      closed = await buildTestApp(dialect, { SIGNUP: 'closed' });
    });
    afterAll(async () => {
      await closed.close();
    });

    it('refuses sign-up with 403 SIGNUP_CLOSED and a clear Italian message; existing users still log in', async () => {
      const res = await signup(closed.app, newUserInput());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'SIGNUP_CLOSED',
        error:
          "La registrazione di nuovi utenti è chiusa: chiedi all'amministratore di creare il tuo account.",
      });
      const input = newUserInput();
      await createAccount(closed.app.db, input, closed.app.clock);
      expect((await login(closed.app, input.email, input.password)).statusCode).toBe(200);
    });
  });
});
