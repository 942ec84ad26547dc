import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { login, newUserInput, register } from '../../test/accounts.js';
import { addressKey } from './rate-limit.js';
import { counterStore, type WindowCounters } from './rate-limit-counters.js';
import { boundedWindowStore } from './rate-limit-store.js';

/** A bounded store whose per-limit children can be counted from the test. */
function recordingStore(maxWindows: number) {
  const Base = boundedWindowStore(maxWindows);
  const children: { size: number }[] = [];
  const root = new Base({}) as unknown as { child(o: object): { size: number } };
  const Recording = function () {
    return {
      child(options: object) {
        const child = root.child(options);
        children.push(child);
        return child;
      },
    };
  } as unknown as FastifyRateLimitStoreCtor;
  return { Store: Recording, keys: () => children.reduce((sum, child) => sum + child.size, 0) };
}

const forgot = (t: TestApp, email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress });

describe('attempt limits under a flood', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Each sign-in with an unknown e-mail costs an argon2 check (~25 ms), as a wrong password does:
  // 400 of them take 10 s alone and half a minute beside the rest of the suite.
  it(
    'never evicts a live window: a guesser stays stopped however many new keys others flood in',
    { timeout: 90_000 },
    async () => {
      const store = recordingStore(100);
      t = await buildTestApp('sqlite', { SIGNUP: 'open' }, { rateLimitStore: store.Store });
      const victim = newUserInput();
      await register(t.app, victim);
      const guesser = '198.51.100.7';
      let guesses = 0;
      for (let i = 0; i < 12; i += 1) {
        if ((await login(t.app, victim.email, `sbagliata-${i}`, guesser)).statusCode === 401) guesses += 1;
      }
      expect(guesses).toBe(10);
      // 20 addresses × 20 sign-ins with new e-mails: four times the keys each limit's store holds.
      for (let a = 0; a < 20; a += 1) {
        for (let i = 0; i < 20; i += 1)
          await login(t.app, `flood-${a}-${i}@example.test`, 'x', `203.0.113.${a + 1}`);
      }
      expect(store.keys()).toBeLessThanOrEqual(100 * 9);
      const after = await login(t.app, victim.email, 'ancora-sbagliata', guesser);
      expect(after.statusCode).toBe(429);
    },
  );

  it('gives one address 10 password guesses in 15 minutes while it floods forgot-password with new e-mails', async () => {
    t = await buildTestApp('sqlite', { SIGNUP: 'open' });
    const victim = newUserInput();
    await register(t.app, victim);
    const address = '198.51.100.9';
    let guesses = 0;
    for (let round = 0; round < 30; round += 1) {
      for (let i = 0; i < 50; i += 1) await forgot(t, `nuovo-${round}-${i}@example.test`, address);
      if ((await login(t.app, victim.email, `tentativo-${round}`, address)).statusCode === 401) guesses += 1;
    }
    expect(guesses).toBe(10);
  });

  it('creates no counter for a refused request: an address past its limit adds no e-mail keys', async () => {
    const store = recordingStore(100_000);
    t = await buildTestApp('sqlite', {}, { rateLimitStore: store.Store });
    for (let i = 0; i < 20; i += 1)
      expect((await forgot(t, `a${i}@example.test`, '203.0.113.9')).statusCode).toBe(200);
    const keys = store.keys();
    for (let i = 0; i < 500; i += 1)
      expect((await forgot(t, `b${i}@example.test`, '203.0.113.9')).statusCode).toBe(429);
    expect(store.keys()).toBe(keys);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    t = await buildTestApp('sqlite');
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      codes.push(
        (await forgot(t, `v6-${i}@example.test`, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode,
      );
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.at(-1)).toBe(429);
    // Another /64 has its own allowance.
    expect((await forgot(t, 'altra@example.test', '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

/**
 * Counters in memory whose looks the test can hold: a held look reads the count when it is asked
 * and answers only when released, as a database query answered late does. Counts answer at once.
 */
function heldCounters() {
  const counts = new Map<string, number>();
  const held: (() => void)[] = [];
  let holding = false;
  let answered = 0;
  const counters: WindowCounters = {
    increment: (key) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return Promise.resolve({ current: counts.get(key) ?? 0, ttlMs: 60_000 });
    },
    read: (key) => {
      const state = { current: counts.get(key) ?? 0, ttlMs: counts.has(key) ? 60_000 : 0 };
      return new Promise((resolve) => {
        const answer = () => {
          answered += 1;
          resolve(state);
        };
        if (holding) held.push(answer);
        else answer();
      });
    },
  };
  /** Resolves once `test` holds, checking after each turn of the event loop (at most 5 s). */
  const until = async (test: () => boolean) => {
    const giveUp = Date.now() + 5000;
    while (!test()) {
      if (Date.now() > giveUp) throw new Error('the awaited looks never came');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return {
    store: counterStore(counters),
    hold: () => {
      holding = true;
    },
    /** Answers every held look in the order asked, all in one turn, and stops holding. */
    release: () => {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    held: () => held.length,
    answered: () => answered,
    until,
  };
}

// A sign-in looks at three counters: per address and e-mail (10), per address (30), per e-mail (50).
const LOOKS_PER_LOGIN = 3;

describe('parallel guesses on a store that answers late', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets 10 of 16 wrong passwords through when every look is answered at once', async () => {
    const counters = heldCounters();
    t = await buildTestApp('sqlite', {}, { rateLimitStore: counters.store });
    const app = t.app;
    const victim = newUserInput();
    await register(app, victim);
    counters.hold();
    const answers = Array.from({ length: 16 }, (_, i) =>
      login(app, victim.email, `insieme-${i}`, '192.0.2.70'),
    );
    await counters.until(() => counters.held() === 16 * LOOKS_PER_LOGIN);
    counters.release();
    const statuses = (await Promise.all(answers)).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('refuses the 11th guess whose look read the store before the 10th failure was counted', async () => {
    const counters = heldCounters();
    t = await buildTestApp('sqlite', {}, { rateLimitStore: counters.store });
    const app = t.app;
    const victim = newUserInput();
    await register(app, victim);
    const ip = '192.0.2.71';
    for (let i = 0; i < 9; i += 1)
      expect((await login(app, victim.email, `prima-${i}`, ip)).statusCode).toBe(401);
    // The 10th guess passes its look and runs; the 11th looks while it runs, and its look is
    // answered only after the 10th has been counted, with the count as it was before (9).
    const answeredBefore = counters.answered();
    const tenth = login(app, victim.email, 'decima', ip);
    await counters.until(() => counters.answered() === answeredBefore + LOOKS_PER_LOGIN);
    counters.hold();
    const eleventh = login(app, victim.email, 'undicesima', ip);
    await counters.until(() => counters.held() === LOOKS_PER_LOGIN);
    expect((await tenth).statusCode).toBe(401);
    counters.release();
    const refused = await eleventh;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('addressKey', () => {
  it('keys IPv4 as is, IPv6 by its /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.1')).toBe('198.51.100.1');
  });
});

describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('with one hop, a forged left-most X-Forwarded-For does not escape the limits', async () => {
    t = await buildTestApp('sqlite', { SIGNUP: 'open', TRUST_PROXY: '1' });
    const victim = newUserInput();
    await register(t.app, victim);
    const codes: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: victim.email, password: `sbagliata-${i}` },
        remoteAddress: '10.0.0.2', // the proxy
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.77` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.at(-1)).toBe(429);
  });
});
