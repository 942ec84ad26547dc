import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const DAY = 24 * 60 * 60 * 1000;

describe('configuration of sign-up and sessions', () => {
  it('asks for approval of new accounts and ends sessions after 7 idle days or 30 in all, by default', () => {
    const config = loadConfig({});
    expect(config.signup).toBe('approval');
    expect(config.sessionIdleMs).toBe(7 * DAY);
    expect(config.sessionMaxMs).toBe(30 * DAY);
  });

  it('takes the other sign-up modes and session lengths, SESSION_TTL_DAYS as the old name of the idle limit', () => {
    expect(loadConfig({ SIGNUP: 'open' }).signup).toBe('open');
    expect(loadConfig({ SIGNUP: 'closed' }).signup).toBe('closed');
    const set = loadConfig({ SESSION_IDLE_DAYS: '2', SESSION_MAX_DAYS: '10' });
    expect([set.sessionIdleMs, set.sessionMaxMs]).toEqual([2 * DAY, 10 * DAY]);
    expect(loadConfig({ SESSION_TTL_DAYS: '14' }).sessionIdleMs).toBe(14 * DAY);
    // A shorter whole life shortens the default idle limit with it.
    expect(loadConfig({ SESSION_MAX_DAYS: '3' }).sessionIdleMs).toBe(3 * DAY);
  });

  it('refuses an unknown mode and an idle limit longer than the whole life, naming both', () => {
    expect(() => loadConfig({ SIGNUP: 'sometimes' })).toThrow(/SIGNUP: must be approval, open or closed/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '40' })).toThrow(
      /SESSION_IDLE_DAYS: must not exceed SESSION_MAX_DAYS \(30\)/,
    );
    expect(() => loadConfig({ SESSION_TTL_DAYS: '90' })).toThrow(/SESSION_TTL_DAYS: must not exceed/);
  });
});

describe('configuration of proxies, hosts and slow clients', () => {
  it('refuses TRUST_PROXY=true, saying what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every X-Forwarded-For hop.*TRUST_PROXY=1/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'tutti' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('takes a hop count or the proxies addresses; unset trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('answers the host of PUBLIC_URL and ALLOWED_HOSTS, and cuts bodies after 30 s (uploads 120 s)', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://Magazzino.Example.it/',
      ALLOWED_HOSTS: 'magazzino.lan, 192.168.1.10',
    });
    expect(config.allowedHosts).toEqual(['magazzino.example.it', 'magazzino.lan', '192.168.1.10']);
    expect([config.bodyTimeoutMs, config.uploadTimeoutMs]).toEqual([30_000, 120_000]);
  });
});

describe('configuration of durability', () => {
  it('syncs every SQLite commit by default (FULL), NORMAL on request, and refuses anything else', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('full');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('normal');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      /SQLITE_SYNCHRONOUS: must be full or normal/,
    );
  });
});
