import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/app.js';
import { login, newUserInput, register, signup } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { publicRoutes, routeKey, sampleUrl } from '../../../test/roles.js';

/** The files of a tiny built web app, each one a route once WEB_DIST points at them. */
const WEB_FILES = ['index.html', 'favicon.svg', 'theme-init.js', 'assets/index-abc123.js'];

/** Every route answered without a session (the web files too); any other must answer 401. */
const PUBLIC_ROUTES = publicRoutes(WEB_FILES);

/** A folder holding WEB_FILES, for WEB_DIST. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-'));
  for (const file of WEB_FILES) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), '<!doctype html>');
  }
  return dir;
}

/**
 * A 429 says, in Retry-After, how many seconds are left of the window that started at
 * `windowStart` (a Date.now() taken just before its first counted attempt) and lasts `seconds`.
 */
function expectRetryAfter(response: LightMyRequestResponse, windowStart: number, seconds: number) {
  const left = Math.ceil((windowStart + seconds * 1000 - Date.now()) / 1000);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(left);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
}

describe.each(DIALECTS)('protections on %s', (dialect) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await buildTestApp(dialect, {
      PUBLIC_URL: 'https://magazzino.example.it',
      // The yard's LAN name, as a clerk's browser reaches it.
      ALLOWED_HOSTS: 'magazzino.lan',
      WEB_DIST: webDist,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('the guard', () => {
    it('answers 401 JSON without a session on every registered route but the public ones', async () => {
      const registered = new Set(t.app.registeredRoutes.map(routeKey));
      // The allow-list names only routes that exist: a renamed public route is not silently opened.
      for (const route of PUBLIC_ROUTES) expect(registered, route).toContain(route);
      const guarded = t.app.registeredRoutes.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route)));
      // One route of each module with a guard, to show the walk reached them.
      expect(guarded.map(routeKey)).toEqual(
        expect.arrayContaining([
          'GET /api/users/me',
          'GET /api/componenti/:p',
          'POST /api/componenti/upload',
        ]),
      );

      for (const route of guarded) {
        const url = sampleUrl(route);
        for (const cookie of [undefined, 'magazzino_sid=garbage', `magazzino_sid=${'A'.repeat(43)}`]) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: cookie ? { cookie } : {},
          });
          expect(res.statusCode, `${route.method} ${route.url} (${cookie ?? 'no cookie'})`).toBe(401);
          if (route.method !== 'HEAD') {
            expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: 'UNAUTHENTICATED' });
          }
        }
      }
    });

    it('lets a signed-in user through, and keeps health, docs and the account routes public', async () => {
      const session = await signIn(t.app);
      expect((await session.inject({ method: 'GET', url: '/api/componenti' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
      expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
        expect.arrayContaining(['/api/users/login', '/api/users/reset-password/{token}', '/api/users/me']),
      );
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'x@example.test' },
      });
      expect(forgot.statusCode).toBe(200);
      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/users/reset-password/${'a'.repeat(43)}`,
        payload: { password: 'password-nuova' },
      });
      expect(reset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await signup(t.app, newUserInput())).statusCode).toBe(202);
      expect((await login(t.app, 'x@example.test', 'password-nuova')).json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
    });
  });

  describe('cross-site protection', () => {
    const ownHost = { host: 'magazzino.lan:3000' };

    it('refuses state-changing requests from another origin with 403 CROSS_ORIGIN', async () => {
      const session = await signIn(t.app);
      for (const headers of [
        { origin: 'https://attacker.example' },
        { origin: 'null' },
        { origin: 'http://magazzino.lan:3000.attacker.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'http://magazzino.lan:3000', 'sec-fetch-site': 'cross-site' },
      ]) {
        const logout = await session.inject({
          method: 'POST',
          url: '/api/users/logout',
          headers: { ...ownHost, ...headers },
        });
        expect(logout.statusCode, JSON.stringify(headers)).toBe(403);
        expect(logout.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
        const del = await session.inject({
          method: 'DELETE',
          url: '/api/componenti/delete/x',
          headers: { ...ownHost, ...headers },
        });
        expect(del.statusCode).toBe(403);
      }
      // The refused logout did not end the session.
      expect((await session.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    });

    it('allows the same origin, PUBLIC_URL, no Origin at all (non-browser clients) and reads from anywhere', async () => {
      const input = newUserInput();
      await register(t.app, input);
      for (const headers of [
        { origin: 'http://magazzino.lan:3000' },
        { origin: 'https://magazzino.example.it' },
        { origin: 'http://magazzino.lan:3000', 'sec-fetch-site': 'same-origin' },
        {},
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: input.email, password: input.password },
          headers: { ...ownHost, ...headers },
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      }
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://x.example' },
      });
      expect(read.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('lets a clerk who mistypes twice sign in, and stops a guessing script with 429 and Retry-After', async () => {
      const input = newUserInput();
      await register(t.app, input);
      const ip = '192.0.2.10';
      // The 15-minute window starts with the first failure.
      const windowStart = Date.now();
      expect((await login(t.app, input.email, 'sbagliata-1', ip)).statusCode).toBe(401);
      expect((await login(t.app, input.email, 'sbagliata-2', ip)).statusCode).toBe(401);
      expect((await login(t.app, input.email, input.password, ip)).statusCode).toBe(200);
      // Successful sign-ins do not count: a busy day of logins never trips the limit.
      for (let i = 0; i < 12; i += 1)
        expect((await login(t.app, input.email, input.password, ip)).statusCode).toBe(200);

      for (let i = 0; i < 8; i += 1)
        expect((await login(t.app, input.email, `indovino-${i}`, ip)).statusCode).toBe(401);
      const blocked = await login(t.app, input.email, 'indovino-9', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(blocked.json<{ error: string }>().error).toMatch(/^Troppi tentativi: riprova tra \d+ minuti\.$/);
      expectRetryAfter(blocked, windowStart, 15 * 60);
      // Even the right password waits now, from that address; another address is not affected.
      expect((await login(t.app, input.email, input.password, ip)).statusCode).toBe(429);
      expect((await login(t.app, input.email, input.password, '192.0.2.11')).statusCode).toBe(200);
    });

    it('limits one address guessing across many accounts (30 failures per 15 minutes)', async () => {
      const ip = '192.0.2.20';
      const windowStart = Date.now();
      for (let i = 0; i < 30; i += 1) {
        expect((await login(t.app, `vittima-${i}@example.test`, 'password', ip)).statusCode).toBe(401);
      }
      const blocked = await login(t.app, 'vittima-nuova@example.test', 'password', ip);
      expect(blocked.statusCode).toBe(429);
      expectRetryAfter(blocked, windowStart, 15 * 60);
    });

    it('stops a burst of parallel guesses at the limit, though only failures count', async () => {
      const input = newUserInput();
      await register(t.app, input);
      const ip = '192.0.2.50';
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => login(t.app, input.email, `parallelo-${i}`, ip)),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    });

    it('does not count a refused attempt anywhere', async () => {
      const ip = '192.0.2.60';
      for (let i = 0; i < 20; i += 1) expect((await signup(t.app, newUserInput(), ip)).statusCode).toBe(202);
      // Refused for the address: these do not use up the e-mail's 5 sign-ups an hour.
      const input = newUserInput();
      for (let i = 0; i < 5; i += 1) expect((await signup(t.app, input, ip)).statusCode).toBe(429);
      expect((await signup(t.app, input, '192.0.2.61')).statusCode).toBe(202);
    });

    it('limits forgot-password per email and sign-up per address', async () => {
      const mailWindowStart = Date.now();
      for (let i = 0; i < 5; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: 'casella@example.test' },
          remoteAddress: `192.0.2.${30 + i}`,
        });
        expect(res.statusCode).toBe(200);
      }
      const mailBomb = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'CASELLA@example.test' },
        remoteAddress: '192.0.2.99',
      });
      expect(mailBomb.statusCode).toBe(429);
      expectRetryAfter(mailBomb, mailWindowStart, 60 * 60);

      const ip = '192.0.2.40';
      const signupWindowStart = Date.now();
      for (let i = 0; i < 20; i += 1) expect((await signup(t.app, newUserInput(), ip)).statusCode).toBe(202);
      const tooMany = await signup(t.app, newUserInput(), ip);
      expect(tooMany.statusCode).toBe(429);
      expectRetryAfter(tooMany, signupWindowStart, 60 * 60);
    });
  });
});

describe('session cookie behind a reverse proxy', () => {
  it('is Secure when the request came over HTTPS (X-Forwarded-Proto trusted only with TRUST_PROXY)', async () => {
    const proxied = await buildTestApp('sqlite', { TRUST_PROXY: '1' });
    const direct = await buildTestApp('sqlite');
    try {
      const headers = { 'x-forwarded-proto': 'https' };
      const input = newUserInput();
      const behindProxy = await proxied.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: input,
        headers,
      });
      expect(behindProxy.statusCode).toBe(201);
      expect(String(behindProxy.headers['set-cookie'])).toContain('Secure');
      const plain = await proxied.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: input.email, password: input.password },
      });
      expect(plain.statusCode).toBe(200);
      expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
      const spoofed = await direct.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: newUserInput(),
        headers,
      });
      expect(spoofed.statusCode).toBe(201);
      expect(String(spoofed.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});
