import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/app.js';
import { newUserInput, register } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { hashSecret } from './accounts.ports.js';
import { DEVICE_COOKIE } from './device.cookie.js';

/** The `magazzino_device=<tokens>` pair a response set. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const found = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
  if (!found) throw new Error(`no device cookie in the ${response.statusCode} response`);
  return `${found.name}=${found.value}`;
}

describe.each(DIALECTS)('device cookies on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let net = 0;
  /** Five addresses of their own per test, and a sixth for the owner. */
  const addresses = () => {
    net += 1;
    return Array.from({ length: 6 }, (_, i) => `198.18.${net}.${i + 1}`);
  };

  function login(email: string, password: string, remoteAddress: string, device?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress,
      headers: device ? { cookie: device } : {},
    });
  }

  /** 50 wrong passwords against `email`, 10 from each of five addresses: every one a plain 401. */
  async function guessFromFiveAddresses(email: string, from: string[]) {
    for (const address of from.slice(0, 5)) {
      for (let i = 0; i < 10; i += 1) {
        expect((await login(email, `indovina-${address}-${i}`, address)).statusCode).toBe(401);
      }
    }
  }

  it('lets the owner sign in from a browser it used before after 50 failures by others; an unknown browser still waits', async () => {
    const owner = newUserInput();
    const [office, , , , , home = ''] = addresses();
    const signedIn = await register(t.app, owner, office);
    const device = deviceCookieOf(signedIn);

    await guessFromFiveAddresses(owner.email, addresses());
    // Unknown browsers share the account's 50 failures: the sixth address waits 15 minutes...
    const unknown = await login(owner.email, owner.password, home);
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // ...and so does a made-up device cookie, or one of another account.
    const other = deviceCookieOf(await register(t.app, newUserInput(), home));
    expect(
      (await login(owner.email, owner.password, home, `${DEVICE_COOKIE}=${'A'.repeat(43)}`)).statusCode,
    ).toBe(429);
    expect((await login(owner.email, owner.password, home, other)).statusCode).toBe(429);

    // The browser the owner signed in with before is counted on its own: it signs in.
    const known = await login(owner.email, owner.password, home, device);
    expect(known.statusCode).toBe(200);
    // Its token is replaced at each sign-in: the old one is no longer trusted.
    const renewed = deviceCookieOf(known);
    expect(renewed).not.toBe(device);
    expect((await login(owner.email, owner.password, home, device)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, home, renewed)).statusCode).toBe(200);
  });

  it('gives a known browser its own 10 failures, after which it is one more unknown client', async () => {
    const owner = newUserInput();
    const [address = '', second = ''] = addresses();
    const device = deviceCookieOf(await register(t.app, owner, address));
    for (let i = 0; i < 10; i += 1) {
      expect((await login(owner.email, `sbagliata-${i}`, address, device)).statusCode).toBe(401);
    }
    // The device's allowance is used up: its attempts now count as an unknown client's, per
    // address and per account as before (10 more from this address, then 429).
    for (let i = 0; i < 10; i += 1) {
      expect((await login(owner.email, `ancora-${i}`, address, device)).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, address, device)).statusCode).toBe(429);
    // The device's failures never used up the account's allowance for others.
    expect((await login(owner.email, owner.password, second)).statusCode).toBe(200);
  });

  it('keeps a device cookie for the sign-in only: httpOnly, SameSite=Strict, a year, and only its hash stored', async () => {
    const owner = newUserInput();
    const res = await register(t.app, owner, addresses()[0]);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      path: '/api/users/login',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 365 * 24 * 3600,
    });
    const token = cookie?.value ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db.selectFrom('trusted_devices').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.id_hash)).toContain(hashSecret(token));
  });

  it('keeps the devices of several accounts signed in from one browser (a shared counter PC)', async () => {
    const [address = ''] = addresses();
    const anna = newUserInput();
    const bruno = newUserInput();
    const annaDevice = deviceCookieOf(await register(t.app, anna, address));
    const both = deviceCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: anna.email, password: anna.password },
        remoteAddress: address,
        headers: { cookie: annaDevice },
      }),
    );
    // Bruno signs up and in on the same browser: Anna's token stays beside his.
    await register(t.app, bruno, address);
    const shared = deviceCookieOf(await login(bruno.email, bruno.password, address, both));
    expect(shared.split('=')[1]?.split('.')).toHaveLength(2);
    await guessFromFiveAddresses(anna.email, addresses());
    expect((await login(anna.email, anna.password, address, shared)).statusCode).toBe(200);
  });
});
