import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { collectLogs, newUserInput, register } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';

describe.each(DIALECTS)('who did what, in the request log, on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  const logs = collectLogs();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOG_LEVEL: 'info' }, { logStream: logs.stream });
    admin = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The log lines of the request with id `reqId`. */
  const linesOf = (reqId: string) =>
    logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === reqId);

  it('writes the user id on every line of a signed-in request, the closing one included', async () => {
    const res = await admin.inject({
      method: 'DELETE',
      url: '/api/componenti/delete/non-esiste',
      headers: { 'x-request-id': 'cancella-1' },
    });
    expect(res.statusCode).toBe(404);
    const lines = linesOf('cancella-1');
    expect(lines.map((line) => line.msg)).toEqual(['Componente non trovato.', 'request completed']);
    for (const line of lines) expect(line.userId, String(line.msg)).toBe(admin.user._id);
    expect(lines.at(-1)).toMatchObject({
      req: { method: 'DELETE', url: '/api/componenti/delete/non-esiste' },
      res: { statusCode: 404 },
    });
  });

  it('names the user who signs in and out, and no one on an anonymous request', async () => {
    const input = newUserInput();
    const signedIn = await register(t.app, input);
    const userId = signedIn.json<{ _id: string }>()._id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: input.email, password: input.password },
      headers: { 'x-request-id': 'accesso-1' },
    });
    const cookie = login.cookies.find((c) => c.name === 'magazzino_sid');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { 'x-request-id': 'uscita-1', cookie: `magazzino_sid=${cookie?.value ?? ''}` },
    });
    await t.app.inject({ method: 'GET', url: '/api/componenti', headers: { 'x-request-id': 'anonimo-1' } });
    expect(linesOf('accesso-1').at(-1)).toMatchObject({ msg: 'request completed', userId });
    expect(linesOf('uscita-1').at(-1)).toMatchObject({ msg: 'request completed', userId });
    const anonymous = linesOf('anonimo-1');
    expect(anonymous.length).toBeGreaterThan(0);
    for (const line of anonymous) expect(line).not.toHaveProperty('userId');
    // One line per request at the info level: who asked is known only once it is answered.
    expect(logs.lines.join('\n')).not.toContain('incoming request');
  });
});

describe('a flood of refused requests in the log', () => {
  it('writes the first 429 and then one summary a minute, not a line per request', async () => {
    const logs = collectLogs();
    const t = await buildTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: logs.stream });
    try {
      const forgot = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: 'nessuno@example.test' },
          remoteAddress: '203.0.113.50',
        });
      for (let i = 0; i < 5; i += 1) expect((await forgot()).statusCode).toBe(200);
      const before = logs.lines.length;
      const codes = new Set<number>();
      for (let i = 0; i < 2000; i += 1) codes.add((await forgot()).statusCode);
      expect([...codes]).toEqual([429]);
      const flood = logs.lines.slice(before);
      // One line for the first refusal, none for the 1,999 after it within the minute.
      expect(flood.length).toBeLessThanOrEqual(2);
      expect(flood.join('').length).toBeLessThan(2000);
    } finally {
      await t.close();
    }
  });
});
