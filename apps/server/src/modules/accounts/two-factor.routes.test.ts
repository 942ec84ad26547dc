import {
  TWO_FACTOR,
  type AccountSettings,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '@magazzino/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register } from '../../../test/accounts.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { CHALLENGE_COOKIE } from './two-factor.cookie.js';

const STEP_MS = TWO_FACTOR.periodSeconds * 1000;

describe.each(DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  // One second into a 30-second step: every test moves it by whole steps.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000));
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock });
    admin = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  /** A fresh client address: each test's wrong codes count on their own. */
  const ip = () => `198.18.${dialect === 'sqlite' ? 1 : 2}.${(address += 1)}`;

  /** The code the app shows for `secret` now (by the app's clock), after moving to the next step. */
  function nextCode(secret: string): string {
    clock.advance(STEP_MS);
    return codeAt(secret, clock.now());
  }
  const codeAt = (secret: string, at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: at.getTime(),
    });

  /** A wrong code: the right one of the step plus one, never a valid code of the window. */
  const wrongCode = (secret: string) =>
    String((Number(codeAt(secret, clock.now())) + 500_000) % 1_000_000).padStart(6, '0');

  const post = (cookie: string, url: string, payload: object = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress });

  /** A new active account, signed in; its password and email for signing in again. */
  async function newAccount() {
    const input = newUserInput();
    const cookie = sessionCookieOf(await register(t.app, input, ip()));
    return { input, cookie };
  }

  /** Turns two-factor sign-in on for the session `cookie`: its secret and recovery codes. */
  async function enrol(cookie: string) {
    const setup = await post(cookie, '/api/users/me/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<TwoFactorSetup>();
    const raw = secret.replace(/ /g, '');
    const confirmed = await post(cookie, '/api/users/me/two-factor/confirm', { codice: nextCode(raw) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret: raw, codes: confirmed.json<RecoveryCodes>().recoveryCodes };
  }

  /** The first step of a sign-in that asks for a code: the challenge cookie, `name=value`. */
  async function passwordStep(email: string, password: string, remoteAddress = ip()) {
    const res = await login(t.app, email, password, remoteAddress);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TwoFactorChallenge>().twoFactorRequired).toBe(true);
    const challenge = res.cookies.find((c) => c.name === CHALLENGE_COOKIE);
    if (!challenge) throw new Error('no challenge cookie');
    return `${challenge.name}=${challenge.value}`;
  }

  const codeStep = (challenge: string, codice: string, remoteAddress?: string) =>
    post(challenge, '/api/users/login/two-factor', { codice }, remoteAddress);

  const eventsOf = async (userId: string) =>
    (
      await t.app.db
        .selectFrom('security_events')
        .select(['type', 'details'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => row.type);

  const errorOf = (res: LightMyRequestResponse) =>
    res.json<{ error: string; code: string; fields?: Record<string, string> }>();

  it('enrols with a QR code and a first code: a wrong code changes nothing, the right one gives ten recovery codes', async () => {
    const { cookie } = await newAccount();
    const user = (await me(t.app, cookie)).json<User>();
    expect(user.twoFactorEnabled).toBe(false);

    const setup = await post(cookie, '/api/users/me/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const body = setup.json<TwoFactorSetup>();
    const secret = body.secret.replace(/ /g, '');
    expect(body.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Magazzino%20Ricambi:/);
    expect(body.otpauthUri).toContain(`secret=${secret}`);
    expect(body.otpauthUri).toContain('digits=6&period=30');
    expect(body.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(Date.parse(body.expiresAt) - clock.now().getTime()).toBe(10 * 60_000);

    const wrong = await post(cookie, '/api/users/me/two-factor/confirm', { codice: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields?.codice).toMatch(/non è corretto/);
    const missing = await post(cookie, '/api/users/me/two-factor/confirm', { codice: '12a' });
    expect(errorOf(missing).fields?.codice).toBe(
      "Il codice deve avere 6 cifre: lo trovi nell'app di autenticazione",
    );
    expect((await get(cookie, '/api/users/me/two-factor')).json<TwoFactorStatus>().enabled).toBe(false);

    const right = await post(cookie, '/api/users/me/two-factor/confirm', { codice: nextCode(secret) });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = right.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(TWO_FACTOR.recoveryCodePattern);
    expect((await get(cookie, '/api/users/me/two-factor')).json<TwoFactorStatus>()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await me(t.app, cookie)).json<User>().twoFactorEnabled).toBe(true);
    // Once on, a new setup is refused (the secret in use stays).
    expect((await post(cookie, '/api/users/me/two-factor/setup')).statusCode).toBe(409);

    // Stored: the secret (the server needs it to check codes), never a recovery code in clear.
    const stored = await t.app.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user._id)
      .execute();
    expect(stored).toMatchObject([{ secret, pending_expires_at: null }]);
    const hashes = await t.app.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user._id)
      .execute();
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify(hashes);
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
    }
    expect(await eventsOf(user._id)).toEqual(
      expect.arrayContaining(['codice_due_fattori_errato', 'due_fattori_attivati']),
    );
  });

  it('refuses to confirm an enrolment after its 10 minutes', async () => {
    const { cookie } = await newAccount();
    const setup = (await post(cookie, '/api/users/me/two-factor/setup')).json<TwoFactorSetup>();
    clock.advance(10 * 60_000 + STEP_MS);
    const late = await post(cookie, '/api/users/me/two-factor/confirm', {
      codice: codeAt(setup.secret.replace(/ /g, ''), clock.now()),
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toMatchObject({ code: 'TWO_FACTOR_CONFLICT' });
  });

  it('asks for the code after the right password, with no session until the code; the code opens it as a password does', async () => {
    const { input, cookie } = await newAccount();
    const { secret } = await enrol(cookie);

    const first = await login(t.app, input.email, input.password, ip());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      twoFactorRequired: true,
      message: expect.stringContaining('codice') as string,
      expiresAt: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    expect(first.cookies.map((c) => c.name)).toEqual([CHALLENGE_COOKIE]);
    const challengeCookie = first.cookies[0];
    expect(challengeCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });
    // No session, and the challenge is not one.
    expect((await me(t.app, `magazzino_sid=${challengeCookie?.value ?? ''}`)).statusCode).toBe(401);
    const challenge = `${CHALLENGE_COOKIE}=${challengeCookie?.value ?? ''}`;
    const stored = await t.app.db.selectFrom('two_factor_challenges').select('id_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(challengeCookie?.value);

    const signedIn = await codeStep(challenge, nextCode(secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<User>()).toMatchObject({ email: input.email, twoFactorEnabled: true });
    expect(signedIn.cookies.map((c) => `${c.name}=${c.value === '' ? '' : 'set'}`).sort()).toEqual([
      `${CHALLENGE_COOKIE}=`,
      'magazzino_device=set',
      'magazzino_sid=set',
      'magazzino_signed_in=set',
    ]);
    expect((await me(t.app, sessionCookieOf(signedIn))).statusCode).toBe(200);
    // The challenge was single-use.
    const again = await codeStep(challenge, nextCode(secret));
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('refuses a code already used, even within its 30 seconds, and takes the next one', async () => {
    const { input, cookie } = await newAccount();
    const { secret } = await enrol(cookie);
    const code = nextCode(secret);
    expect((await codeStep(await passwordStep(input.email, input.password), code)).statusCode).toBe(200);

    const replay = await codeStep(await passwordStep(input.email, input.password), code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { codice: expect.any(String) as string },
    });
    const next = await codeStep(await passwordStep(input.email, input.password), nextCode(secret));
    expect(next.statusCode).toBe(200);
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { input, cookie } = await newAccount();
    const { codes } = await enrol(cookie);
    const [code = ''] = codes;
    const typed = ` ${code.replace(/-/g, ' ').toUpperCase()} `;
    const res = await codeStep(await passwordStep(input.email, input.password), typed);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<User>();
    expect(
      (await get(sessionCookieOf(res), '/api/users/me/two-factor')).json<TwoFactorStatus>().recoveryCodesLeft,
    ).toBe(9);

    const reused = await codeStep(await passwordStep(input.email, input.password), code);
    expect(reused.statusCode).toBe(401);
    expect(await eventsOf(user._id)).toContain('codice_recupero_usato');
    // A malformed code is told apart from a wrong one.
    const malformed = await codeStep(await passwordStep(input.email, input.password), 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields?.codice).toMatch(/6 cifre, oppure essere un codice di recupero/);
  });

  it('lets a sign-in wait 5 minutes for its code and take 5 wrong codes, then starts again from the password', async () => {
    const { input, cookie } = await newAccount();
    const { secret } = await enrol(cookie);

    const slow = await passwordStep(input.email, input.password);
    clock.advance(5 * 60_000 + 1000);
    const late = await codeStep(slow, codeAt(secret, clock.now()));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late)).toMatchObject({
      code: 'TWO_FACTOR_EXPIRED',
      error: expect.stringMatching(/accedi di nuovo/) as string,
    });

    const address = ip();
    const guessed = await passwordStep(input.email, input.password, address);
    for (let i = 0; i < TWO_FACTOR.challengeAttempts; i += 1) {
      expect((await codeStep(guessed, wrongCode(secret), address)).statusCode).toBe(401);
    }
    const right = await codeStep(guessed, nextCode(secret), address);
    expect(right.statusCode).toBe(401);
    expect(errorOf(right).code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('limits wrong codes as it limits wrong passwords: 10 per address and account in 15 minutes, then 429', async () => {
    const { input, cookie } = await newAccount();
    const { secret } = await enrol(cookie);
    const address = ip();
    for (let round = 0; round < 2; round += 1) {
      const challenge = await passwordStep(input.email, input.password, address);
      for (let i = 0; i < TWO_FACTOR.challengeAttempts; i += 1) {
        expect((await codeStep(challenge, wrongCode(secret), address)).statusCode).toBe(401);
      }
    }
    const challenge = await passwordStep(input.email, input.password, address);
    const limited = await codeStep(challenge, nextCode(secret), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorOf(limited).error).toMatch(/^Troppi tentativi/);
  });

  it('gives new recovery codes for a current code (the old ones stop working), and turns off with the password and a code', async () => {
    const { input, cookie } = await newAccount();
    const { secret, codes } = await enrol(cookie);

    const refused = await post(cookie, '/api/users/me/two-factor/recovery-codes', {
      codice: wrongCode(secret),
    });
    expect(refused.statusCode).toBe(400);
    const renewed = await post(cookie, '/api/users/me/two-factor/recovery-codes', {
      codice: nextCode(secret),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<RecoveryCodes>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const old = await codeStep(await passwordStep(input.email, input.password), codes[0] ?? '');
    expect(old.statusCode).toBe(401);

    const wrongPassword = await post(cookie, '/api/users/me/two-factor/disable', {
      password: 'non-la-password',
      codice: nextCode(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(errorOf(wrongPassword).fields).toEqual({ password: 'La password non è corretta' });
    const wrong = await post(cookie, '/api/users/me/two-factor/disable', {
      password: input.password,
      codice: wrongCode(secret),
    });
    expect(Object.keys(errorOf(wrong).fields ?? {})).toEqual(['codice']);
    const off = await post(cookie, '/api/users/me/two-factor/disable', {
      password: input.password,
      codice: fresh[0] ?? '',
    });
    expect(off.statusCode, off.body).toBe(200);
    const plain = await login(t.app, input.email, input.password, ip());
    expect(plain.json<User>()).toMatchObject({ email: input.email, twoFactorEnabled: false });
    expect(
      await t.app.db
        .selectFrom('two_factor_recovery_codes')
        .selectAll()
        .where('user_id', '=', plain.json<User>()._id)
        .execute(),
    ).toEqual([]);
  });

  it('lets an amministratore reset a lost phone: the user signs in with the password alone and the sessions end', async () => {
    const { input, cookie } = await newAccount();
    await enrol(cookie);
    const user = (await me(t.app, cookie)).json<User>();
    const other = await newAccount();

    const accounts = await admin.inject({ method: 'GET', url: '/api/users' });
    expect(accounts.json<User[]>().find((a) => a._id === user._id)?.twoFactorEnabled).toBe(true);
    const notAllowed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user._id}/two-factor`,
      headers: { cookie: other.cookie },
    });
    expect(notAllowed.statusCode).toBe(403);
    const reset = await admin.inject({ method: 'DELETE', url: `/api/users/${user._id}/two-factor` });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ message: string }>().message).toMatch(/azzerata/);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    expect(await eventsOf(user._id)).toContain('due_fattori_azzerati');
    const again = await admin.inject({ method: 'DELETE', url: `/api/users/${user._id}/two-factor` });
    expect(again.statusCode).toBe(409);
    const unknown = await admin.inject({ method: 'DELETE', url: '/api/users/nessuno/two-factor' });
    expect(unknown.statusCode).toBe(404);
    const signedIn = await login(t.app, input.email, input.password, ip());
    expect(signedIn.json<User>()).toMatchObject({ _id: user._id, twoFactorEnabled: false });
  });

  it('when required for every account, a session without it may only enrol until it has', async () => {
    const settings = (required: boolean) =>
      admin.inject({ method: 'PUT', url: '/api/users/settings/two-factor', payload: { required } });
    // Not before the amministratore has it.
    const early = await settings(true);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).error).toMatch(/Prima attiva/);
    const { secret: adminSecret } = await enrol(admin.cookie);
    const on = await settings(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<AccountSettings>().twoFactorRequired).toBe(true);
    expect((await admin.inject({ method: 'GET', url: '/api/componenti' })).statusCode).toBe(200);

    const input = newUserInput();
    const signedIn = await register(t.app, input, ip());
    expect(signedIn.json<User>()).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    const cookie = sessionCookieOf(signedIn);
    const blocked = await get(cookie, '/api/componenti');
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked)).toEqual({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      error:
        "L'amministratore richiede la verifica in due passaggi: attivala dal tuo account per continuare.",
    });
    expect(
      (await post(cookie, '/api/users/me/password', { currentPassword: 'x', newPassword: 'y' })).statusCode,
    ).toBe(403);
    expect((await me(t.app, cookie)).json<User>().twoFactorSetupRequired).toBe(true);

    const { secret } = await enrol(cookie);
    expect((await get(cookie, '/api/componenti')).statusCode).toBe(200);
    expect((await me(t.app, cookie)).json<User>()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    const off = await post(cookie, '/api/users/me/two-factor/disable', {
      password: input.password,
      codice: nextCode(secret),
    });
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).code).toBe('TWO_FACTOR_CONFLICT');

    expect((await settings(false)).json<AccountSettings>().twoFactorRequired).toBe(false);
    const events = await t.app.db
      .selectFrom('security_events')
      .select('details')
      .where('type', '=', 'due_fattori_obbligatori')
      .execute();
    expect(events.map((e) => JSON.parse(e.details) as unknown)).toEqual([
      { obbligatoria: true },
      { obbligatoria: false },
    ]);
    // The amministratore's own sign-in now asks for the code.
    const adminEmail = admin.user.email;
    const adminChallenge = await passwordStep(adminEmail, 'password-di-prova');
    expect((await codeStep(adminChallenge, nextCode(adminSecret))).statusCode).toBe(200);
  });

  it('keeps the password-only sign-in of accounts without it as it was', async () => {
    const input = newUserInput();
    await register(t.app, input, ip());
    const res = await login(t.app, input.email, input.password, ip());
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      email: input.email,
      role: 'magazziniere',
      twoFactorEnabled: false,
    });
    expect(res.cookies.map((c) => c.name).sort()).toEqual([
      'magazzino_device',
      'magazzino_sid',
      'magazzino_signed_in',
    ]);
    // The code step without a challenge is refused.
    const stray = await codeStep('', '123456');
    expect(stray.statusCode).toBe(401);
    expect(errorOf(stray).code).toBe('TWO_FACTOR_EXPIRED');
  });

  function get(cookie: string, url: string) {
    return t.app.inject({ method: 'GET', url, headers: { cookie } });
  }
});
