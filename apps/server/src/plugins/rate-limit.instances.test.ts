import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { login, newUserInput, register } from '../../test/accounts.js';
import { DIALECTS } from '../../test/databases.js';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { counterStore, type WindowCounters } from './rate-limit-counters.js';

const forgot = (app: App, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress });

describe.each(DIALECTS)('rate limits of two instances on one %s database', (dialect) => {
  const env = { SIGNUP: 'open', RATE_LIMIT_STORE: 'database' };
  let t: TestApp;
  let other: App;
  beforeAll(async () => {
    t = await buildTestApp(dialect, env);
    // A second instance of the app on the same database (the same SQLite file, or PostgreSQL).
    other = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: t.database.dataDir,
        DATABASE_URL: t.database.databaseUrl,
        WEB_DIST: `${t.database.dataDir}/no-web`,
        ...env,
      }),
      { logger: false },
    );
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts the sign-in failures of both together: 5 on each, then 429 on both', async () => {
    const victim = newUserInput();
    await register(t.app, victim);
    const ip = '198.51.100.23';
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, victim.email, `sbagliata-a${i}`, ip)).statusCode).toBe(401);
      expect((await login(other, victim.email, `sbagliata-b${i}`, ip)).statusCode).toBe(401);
    }
    const refused = await login(t.app, victim.email, 'sbagliata-11', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login(other, victim.email, 'sbagliata-12', ip)).statusCode).toBe(429);
    // The right password waits too; another address is not affected.
    expect((await login(other, victim.email, victim.password, ip)).statusCode).toBe(429);
    expect((await login(other, victim.email, victim.password, '198.51.100.24')).statusCode).toBe(200);
  });

  it('counts an address flooding forgot-password on both instances as one client', async () => {
    const ip = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await forgot(i % 2 === 0 ? t.app : other, `nuovo-${i}@example.test`, ip)).statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(20);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('a rate-limit store that fails', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Counters whose looks and counts fail as asked, counting the calls that reached them. */
  function brokenCounters(failing: { read: boolean; increment: boolean }) {
    const calls = { read: 0, increment: 0 };
    const counters: WindowCounters = {
      increment: () => {
        calls.increment += 1;
        return failing.increment
          ? Promise.reject(new Error('disk I/O error'))
          : Promise.resolve({ current: 1, ttlMs: 60_000 });
      },
      read: () => {
        calls.read += 1;
        return failing.read
          ? Promise.reject(new Error('connection refused'))
          : Promise.resolve({ current: 0, ttlMs: 0 });
      },
    };
    return { calls, store: counterStore(counters) };
  }

  it('refuses attempts with 503 (no stack, no 500) instead of letting them through uncounted', async () => {
    const broken = brokenCounters({ read: true, increment: true });
    t = await buildTestApp('sqlite', { SIGNUP: 'open' }, { rateLimitStore: broken.store });
    // Sign-up is limited too: with the store down, nobody signs up or in.
    await expect(register(t.app, newUserInput(), '192.0.2.200')).rejects.toThrow(/sign-up failed: 503/);
    for (const response of [
      await login(t.app, 'anna@example.it', 'password-qualsiasi', '192.0.2.201'),
      await forgot(t.app, 'anna@example.it', '192.0.2.201'),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Servizio momentaneamente non disponibile.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    // Everything else answers as usual.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('after a failure it could not count, refuses every attempt for a while without running it', async () => {
    const broken = brokenCounters({ read: false, increment: true });
    t = await buildTestApp('sqlite', {}, { rateLimitStore: broken.store });
    const first = await login(t.app, 'anna@example.it', 'sbagliata-1', '192.0.2.210');
    expect(first.statusCode).toBe(503);
    const counted = broken.calls.increment;
    expect(counted).toBe(1);
    const reads = broken.calls.read;
    const again = await login(t.app, 'anna@example.it', 'sbagliata-2', '192.0.2.210');
    expect(again.statusCode).toBe(503);
    // Refused before looking at the store: no attempt ran, none was counted.
    expect([broken.calls.read, broken.calls.increment]).toEqual([reads, counted]);
  });
});
