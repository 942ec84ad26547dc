import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { collectLogs, login, newUserInput, register } from '../../test/accounts.js';
import { describeRedisUrl, REDIS_KEY_PREFIX, RedisWindowCounters } from './rate-limit-redis-store.js';
import { addressKey } from './rate-limit.js';

/** The Redis of this machine (REDIS_TEST_URL overrides it); keys of a run carry a prefix of their own. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

/** Deletes every key matching `pattern` (the test's own). */
async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>)
    keys.push(...batch);
  if (keys.length > 0) await redis.del(...keys);
}

describe('rate-limit counters in Redis', () => {
  const prefix = `magazzino-test:${randomUUID()}:`;
  // Two connections, as two instances of the app have.
  let first: Redis;
  let second: Redis;
  beforeAll(() => {
    first = new Redis(REDIS_URL);
    second = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(first, `${prefix}*`);
    await Promise.all([first.quit(), second.quit()]);
  });

  it('counts attempts per key under its prefix, and reads a counter without counting', async () => {
    const store = new RedisWindowCounters(first, prefix);
    expect(await store.read('loginPerIp:203.0.113.1')).toEqual({ current: 0, ttlMs: 0 });
    const counts = [];
    for (let i = 0; i < 3; i += 1)
      counts.push((await store.increment('loginPerIp:203.0.113.1', 15 * MINUTE)).current);
    expect(counts).toEqual([1, 2, 3]);
    const read = await store.read('loginPerIp:203.0.113.1');
    expect(read.current).toBe(3);
    expect(read.ttlMs).toBeGreaterThan(15 * MINUTE - 5000);
    expect(read.ttlMs).toBeLessThanOrEqual(15 * MINUTE);
    expect((await store.read('loginPerIp:203.0.113.1')).current).toBe(3);
    expect(await first.get(`${prefix}loginPerIp:203.0.113.1`)).toBe('3');
    expect((await store.increment('forgotPerIp:203.0.113.1', 60 * MINUTE)).current).toBe(1);
  });

  it('ends a window after its time (Redis forgets the key) and starts a new one', async () => {
    const store = new RedisWindowCounters(first, prefix);
    await store.increment('k', 250);
    const again = await store.increment('k', 250);
    expect(again.current).toBe(2);
    expect(again.ttlMs).toBeLessThanOrEqual(250);
    await sleep(300);
    expect(await first.exists(`${prefix}k`)).toBe(0);
    expect(await store.read('k')).toEqual({ current: 0, ttlMs: 0 });
    expect((await store.increment('k', 250)).current).toBe(1);
  });

  it('shares the counters between two instances, and gives 50 parallel attempts the counts 1 to 50', async () => {
    const a = new RedisWindowCounters(first, prefix);
    const b = new RedisWindowCounters(second, prefix);
    const spread = [];
    for (let i = 0; i < 3; i += 1) {
      spread.push((await a.increment('shared', 15 * MINUTE)).current);
      spread.push((await b.increment('shared', 15 * MINUTE)).current);
    }
    expect(spread).toEqual([1, 2, 3, 4, 5, 6]);
    const states = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).increment('parallel', 15 * MINUTE)),
    );
    expect(states.map((state) => state.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('describes REDIS_URL for the logs without its user and password', () => {
    expect(describeRedisUrl('rediss://app:segreto@cache.example.it:6380/2')).toBe(
      'rediss://cache.example.it:6380/2',
    );
    expect(describeRedisUrl('redis://:segreto@127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe('the app with REDIS_URL', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts sign-in failures in Redis, under magazzino:rl:, and answers 429 past the limit', async () => {
    t = await buildTestApp('sqlite', { REDIS_URL, SIGNUP: 'open' });
    expect(t.config.rateLimitStore).toBe('redis');
    // An address and an e-mail of this run only: the keys of earlier runs cannot count here.
    const ip = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;
    const victim = newUserInput();
    await register(t.app, victim, ip);
    for (let i = 0; i < 10; i += 1)
      expect((await login(t.app, victim.email, `sbagliata-${i}`, ip)).statusCode).toBe(401);
    const refused = await login(t.app, victim.email, 'sbagliata-10', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60 - 30);
    const redis = new Redis(REDIS_URL);
    const ofVictim = `${REDIS_KEY_PREFIX}*${victim.email}`;
    const ofAddress = `${REDIS_KEY_PREFIX}*${addressKey(ip)}*`;
    try {
      const keys = [...(await redis.keys(ofVictim)), ...(await redis.keys(ofAddress))];
      const counts = Object.fromEntries(
        await Promise.all(
          [...new Set(keys)].map(async (key): Promise<[string, string | null]> => [
            key.slice(REDIS_KEY_PREFIX.length).split(':')[0] ?? key,
            await redis.get(key),
          ]),
        ),
      );
      expect(counts).toEqual({
        signupPerIp: '1',
        signupPerEmail: '1',
        loginPerIp: '10',
        loginPerIpAndEmail: '10',
        loginPerEmail: '10',
      });
    } finally {
      await deleteKeys(redis, ofVictim);
      await deleteKeys(redis, ofAddress);
      await redis.quit();
    }
  });

  it('with Redis down, starts, answers limited attempts 503 at once and the rest as usual, and closes', async () => {
    const logs = collectLogs();
    const started = Date.now();
    t = await buildTestApp(
      'sqlite',
      // Nothing listens on port 1; the password must reach no log line.
      { REDIS_URL: 'redis://:segreto-di-prova@127.0.0.1:1', LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    );
    expect(Date.now() - started).toBeLessThan(5000);
    const asked = Date.now();
    const refused = await login(t.app, 'anna@example.it', 'password-qualsiasi', '192.0.2.40');
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: 'Servizio momentaneamente non disponibile.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await login(t.app, 'anna@example.it', 'password-qualsiasi', '192.0.2.40')).statusCode).toBe(503);
    const closing = Date.now();
    await t.close();
    t = undefined;
    expect(Date.now() - closing).toBeLessThan(2000);
    const text = logs.lines.join('\n');
    expect(text).toContain('Redis unreachable');
    expect(text).toContain('redis://127.0.0.1:1');
    expect(text).not.toContain('segreto-di-prova');
    // One outage, one line, however often the client retried meanwhile.
    expect(logs.lines.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);
  });

  it('with a Redis that accepts connections but never answers, neither start nor sign-in hangs', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      t = await buildTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}` });
      expect(Date.now() - started).toBeLessThan(6000);
      const asked = Date.now();
      const refused = await login(t.app, 'anna@example.it', 'password-qualsiasi', '192.0.2.41');
      expect(refused.statusCode).toBe(503);
      expect(Date.now() - asked).toBeLessThan(2000);
      await t.close();
      t = undefined;
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
