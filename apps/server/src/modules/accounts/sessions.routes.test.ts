import type { User } from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register } from '../../../test/accounts.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { RecordingMailer } from '../../../test/recording-mailer.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock('2025-04-01T08:00:00.000Z');
  const mailer = new RecordingMailer();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock, mailer });
    await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  const ip = () => `198.19.${dialect === 'sqlite' ? 1 : 2}.${(address += 1)}`;

  function maxAgeOf(cookieHeader: unknown): number {
    return Number(/magazzino_sid=[^;]+;[^,]*Max-Age=(\d+)/.exec(String(cookieHeader))?.[1]);
  }

  it('ends a session after 7 days unused, and 30 days after its sign-in however much it is used', async () => {
    const input = newUserInput();
    const started = clock.now().getTime();
    const idle = sessionCookieOf(await register(t.app, input, ip()));
    const busy = sessionCookieOf(await login(t.app, input.email, input.password, ip()));

    // Used every 6 days, the busy session outlives the idle one...
    clock.set(new Date(started + 6 * DAY));
    expect((await me(t.app, busy)).statusCode).toBe(200);
    clock.set(new Date(started + 7 * DAY));
    expect((await me(t.app, idle)).statusCode).toBe(401);
    for (const day of [12, 18, 24]) {
      clock.set(new Date(started + day * DAY));
      const res = await me(t.app, busy);
      expect(res.statusCode, `day ${day}`).toBe(200);
      // The cookie never outlives the session: 7 days, or what is left of the 30.
      expect(maxAgeOf(res.headers['set-cookie'])).toBe(Math.min(7, 30 - day) * 24 * 3600);
    }
    clock.set(new Date(started + 29 * DAY));
    const lastDay = await me(t.app, busy);
    expect(maxAgeOf(lastDay.headers['set-cookie'])).toBe(DAY / 1000);
    // ...until its 30th day, when it ends whatever its use.
    clock.set(new Date(started + 30 * DAY));
    expect((await me(t.app, busy)).statusCode).toBe(401);
    clock.set(new Date(started + 30 * DAY + 1000));
    expect((await login(t.app, input.email, input.password, ip())).statusCode).toBe(200);
  });

  it('ends the session the browser came with when it signs in, even one of another user', async () => {
    const anna = newUserInput();
    const bruno = newUserInput();
    const annaSession = sessionCookieOf(await register(t.app, anna, ip()));
    await register(t.app, bruno, ip());
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: bruno.email, password: bruno.password },
      headers: { cookie: annaSession },
      remoteAddress: ip(),
    });
    expect(again.statusCode).toBe(200);
    expect((await me(t.app, annaSession)).statusCode).toBe(401);
    expect((await me(t.app, sessionCookieOf(again))).json<User>().email).toBe(bruno.email);
  });

  it('changes the password with the current one, ending every other session and pending reset links', async () => {
    const input = newUserInput();
    const here = sessionCookieOf(await register(t.app, input, ip()));
    const phone = sessionCookieOf(await login(t.app, input.email, input.password, ip()));
    const tablet = sessionCookieOf(await login(t.app, input.email, input.password, ip()));
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: input.email },
    });
    await t.app.accountMails.idle();
    const link = /newpassword\/([A-Za-z0-9_-]{43})/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');

    const change = (payload: object, cookie = here) =>
      t.app.inject({ method: 'POST', url: '/api/users/me/password', payload, headers: { cookie } });
    const wrong = await change({ currentPassword: 'non-è-lei', newPassword: 'cavallo batteria graffetta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: 'La password attuale non è corretta' },
    });
    const breached = await change({ currentPassword: input.password, newPassword: 'password1234' });
    expect(breached.statusCode).toBe(400);
    expect(breached.json<{ fields: Record<string, string> }>().fields.newPassword).toMatch(/più usate/);
    const short = await change({ currentPassword: input.password, newPassword: 'corta' });
    expect(short.json()).toMatchObject({
      fields: { newPassword: 'La password deve avere almeno 12 caratteri' },
    });
    // Nothing changed so far.
    for (const cookie of [here, phone, tablet]) expect((await me(t.app, cookie)).statusCode).toBe(200);

    const done = await change({ currentPassword: input.password, newPassword: 'cavallo batteria graffetta' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password cambiata. Chiuse 2 sessioni su altri dispositivi.' });
    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, tablet)).statusCode).toBe(401);
    expect((await login(t.app, input.email, input.password, ip())).statusCode).toBe(401);
    expect((await login(t.app, input.email, 'cavallo batteria graffetta', ip())).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/reset-password/${link}`,
      payload: { password: 'un-altra-password-ancora' },
    });
    expect(reset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('stops guessing the current password at an unlocked session after 10 tries', async () => {
    const input = newUserInput();
    const cookie = sessionCookieOf(await register(t.app, input, ip()));
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        payload: { currentPassword, newPassword: 'cavallo batteria graffetta' },
        headers: { cookie },
      });
    for (let i = 0; i < 10; i += 1) expect((await change(`tentativo-${i}`)).statusCode).toBe(400);
    expect((await change(input.password)).statusCode).toBe(429);
  });

  it("'Esci da tutti i dispositivi' ends every other session and keeps this one", async () => {
    const input = newUserInput();
    const here = sessionCookieOf(await register(t.app, input, ip()));
    const other = sessionCookieOf(await login(t.app, input.email, input.password, ip()));
    const someoneElse = sessionCookieOf(await register(t.app, newUserInput(), ip()));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/sessions',
      headers: { cookie: here },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Sei uscito da tutti gli altri dispositivi: chiuse 1 sessione. Qui resti connesso.',
    });
    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await me(t.app, other)).statusCode).toBe(401);
    expect((await me(t.app, someoneElse)).statusCode).toBe(200);
    const alone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/sessions',
      headers: { cookie: here },
    });
    expect(alone.json()).toEqual({
      message: 'Nessun altro dispositivo era connesso: resti connesso solo qui.',
    });
  });

  it.each([
    ['an empty JSON body', { 'content-type': 'application/json' }, ''],
    ['broken JSON', { 'content-type': 'application/json' }, '{"a":'],
    ['a JSON object', { 'content-type': 'application/json' }, '{"tutti":true}'],
    ['plain text', { 'content-type': 'text/plain' }, 'ciao'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['no body at all', {}, undefined],
  ])('logs out whatever the body: %s', async (_what, headers, payload) => {
    const input = newUserInput();
    const cookie = sessionCookieOf(await register(t.app, input, ip()));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { ...headers, cookie },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^magazzino_sid=;.*Max-Age=0/);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });
});
