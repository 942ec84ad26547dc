import type { FastifyBaseLogger } from 'fastify';
import { Redis, type Result } from 'ioredis';
import type { WindowCounters, WindowState } from './rate-limit-counters.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** INCR the key, starting its expiry when it has none: [count, ms left]. */
    magazzinoRateLimitIncrement(key: string, windowMs: number): Result<[number, number], Context>;
    /** GET and PTTL of the key without changing it: [count, ms left], [0, 0] when absent. */
    magazzinoRateLimitRead(key: string): Result<[number, number], Context>;
  }
}

// One script each, run atomically by Redis: no other instance's command lands between the INCR
// and the PEXPIRE, so a window always ends, and two instances never both start one.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

/** Where the app's counters live in a Redis it may share with others. */
export const REDIS_KEY_PREFIX = 'magazzino:rl:';

/**
 * Rate-limit counters in Redis (REDIS_URL): one key per counter, `<prefix><limit name>:<key>`,
 * expiring with its window, so Redis itself forgets ended windows and nothing needs sweeping.
 * Redis keeps the time: instances whose clocks differ still agree on when a window ends.
 */
export class RedisWindowCounters implements WindowCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = REDIS_KEY_PREFIX,
  ) {
    redis.defineCommand('magazzinoRateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
    redis.defineCommand('magazzinoRateLimitRead', { numberOfKeys: 1, lua: READ, readOnly: true });
  }

  async increment(key: string, windowMs: number): Promise<WindowState> {
    const [current, ttlMs] = await this.redis.magazzinoRateLimitIncrement(this.prefix + key, windowMs);
    return { current, ttlMs };
  }

  async read(key: string): Promise<WindowState> {
    const [current, ttlMs] = await this.redis.magazzinoRateLimitRead(this.prefix + key);
    return { current, ttlMs };
  }
}

/** How long a connection may take to open, and a command to be answered. */
export const REDIS_CONNECT_TIMEOUT_MS = 2000;
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** REDIS_URL without its user and password, fit for the logs. */
export function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * A connection to REDIS_URL that never makes a request wait for Redis: a command sent while the
 * connection is down fails at once (no offline queue), one sent to a Redis that does not answer
 * fails after REDIS_COMMAND_TIMEOUT_MS, and the limiter turns either into a 503. Meanwhile the
 * client reconnects in the background (backing off up to 5 s). Resolves once connected, or after
 * REDIS_CONNECT_TIMEOUT_MS with the client still trying: the app starts and answers its other
 * routes while Redis is down. Errors are logged once per outage, without the URL's password.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redisLog = log.child({ redis: describeRedisUrl(url) });
  const redis = new Redis(url, {
    connectionName: 'magazzino-rate-limit',
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    redisLog.error(
      { err: error },
      'Redis unreachable: attempts under a rate limit (sign-in, sign-up, password reset) are refused with 503 until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    redisLog.info('Redis reachable again: rate limits counting');
  });
  const connected = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REDIS_CONNECT_TIMEOUT_MS + 500);
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      resolve(ok);
    };
    const onReady = () => settle(true);
    const onError = () => settle(false);
    redis.once('ready', onReady);
    redis.once('error', onError);
  });
  if (connected) redisLog.info('rate-limit counters in Redis');
  else if (!down) {
    // Neither up nor refused (a host that does not answer): the same outage, told once.
    down = true;
    redisLog.error(
      'Redis not ready: attempts under a rate limit (sign-in, sign-up, password reset) are refused with 503 until it is',
    );
  }
  return redis;
}

/** Closes the connection: politely when it is up, at once when it is still trying to reconnect. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Went down while quitting: dropped below.
    }
  }
  redis.disconnect();
}
