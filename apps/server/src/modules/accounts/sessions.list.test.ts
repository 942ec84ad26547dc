import type { SecurityEvent, SessionInfo, SessionsEnded } from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { me, newUserInput, register } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(DIALECTS)("'Sessioni attive' on %s", (dialect) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  const ip = () => `203.0.${dialect === 'sqlite' ? 113 : 114}.${(address += 1)}`;

  /** A new account signed in from three browsers: its cookies, addresses and id. */
  async function threeDevices() {
    const input = newUserInput();
    const addresses = [ip(), ip(), ip()];
    await register(t.app, input, addresses[0]);
    const cookies: string[] = [];
    for (const [index, userAgent] of [CHROME_ANDROID, FIREFOX_WINDOWS, SAFARI_IPHONE].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: input.email, password: input.password },
        headers: { 'user-agent': userAgent },
        remoteAddress: addresses[index],
      });
      expect(res.statusCode).toBe(200);
      cookies.push(sessionCookieOf(res));
    }
    const userId = (await me(t.app, cookies[0])).json<{ _id: string }>()._id;
    return { cookies, addresses, userId };
  }

  const list = async (cookie: string | undefined) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sessioni',
      headers: { cookie: cookie ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionInfo[]>();
  };
  const end = (cookie: string | undefined, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/sessioni/${id}`, headers: { cookie: cookie ?? '' } });

  it("lists the caller's sessions with device, address and times, marking the current one, and no secret", async () => {
    const { cookies, addresses } = await threeDevices();
    const sessions = await list(cookies[1]);
    // The sign-up's own session, and the three sign-ins.
    const devices = sessions.map((s) => s.dispositivo);
    expect(devices).toEqual(
      expect.arrayContaining(['Chrome su Android', 'Firefox su Windows', 'Safari su iPhone']),
    );
    const current = sessions.filter((s) => s.corrente);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ dispositivo: 'Firefox su Windows', ip: addresses[1] });
    for (const session of sessions) {
      expect(session._id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.ultimoUso)).toBeGreaterThanOrEqual(Date.parse(session.iniziataIl));
    }
    const hashes = (await t.app.db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
    const body = JSON.stringify(sessions);
    for (const secret of [...hashes, ...cookies.map((c) => c.split('=')[1] ?? '')]) {
      expect(body).not.toContain(secret);
    }
  });

  it('ends another session of the caller: its very next request is 401, and it is recorded', async () => {
    const { cookies, userId } = await threeDevices();
    const [phone, laptop] = cookies;
    const target = (await list(laptop)).find((s) => s.dispositivo === 'Chrome su Android');
    if (!target) throw new Error('no phone session');
    const res = await end(laptop, target._id);
    expect(res.statusCode).toBe(204);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s._id)).not.toContain(target._id);
    // Twice: it is gone.
    expect((await end(laptop, target._id)).statusCode).toBe(404);

    const log = await admin.inject({
      method: 'GET',
      url: `/api/sicurezza/registro?tipo=sessione_chiusa&utente=${userId}`,
    });
    expect(log.json<SecurityEvent[]>()[0]).toMatchObject({
      utente: { _id: userId },
      autore: { _id: userId },
      dettagli: { sessioniChiuse: 1, corrente: false },
    });
  });

  it("answers 404 for another user's session, which goes on working", async () => {
    const mine = await threeDevices();
    const theirs = await threeDevices();
    const [their] = await list(theirs.cookies[0]);
    if (!their) throw new Error('no session');
    const res = await end(mine.cookies[0], their._id);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string; code: string }>()).toEqual({
      error: 'Sessione non trovata: forse è già stata chiusa o è scaduta.',
      code: 'NOT_FOUND',
    });
    expect((await list(theirs.cookies[0])).map((s) => s._id)).toContain(their._id);
    for (const cookie of theirs.cookies) expect((await me(t.app, cookie)).statusCode).toBe(200);
  });

  it('ends every other session at once, and this one on its own (its cookie cleared)', async () => {
    const { cookies } = await threeDevices();
    const [phone, laptop, tablet] = cookies;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/sessioni',
      headers: { cookie: tablet ?? '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionsEnded>().chiuse).toBeGreaterThanOrEqual(2);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    const left = await list(tablet);
    expect(left).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/sessioni',
      headers: { cookie: tablet ?? '' },
    });
    expect(again.json<SessionsEnded>()).toEqual({ chiuse: 0 });

    const self = await end(tablet, left[0]?._id ?? '');
    expect(self.statusCode).toBe(204);
    expect(self.cookies.find((c) => c.name === 'magazzino_sid')?.value).toBe('');
    expect((await me(t.app, tablet)).statusCode).toBe(401);
  });

  it('refuses a malformed id with 400 and a request without a session with 401', async () => {
    const { cookies } = await threeDevices();
    const bad = await end(cookies[0], 'non%20valido!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields?: Record<string, string> }>().fields).toHaveProperty('id');
    for (const [method, url] of [
      ['GET', '/api/sessioni'],
      ['DELETE', '/api/sessioni'],
      ['DELETE', '/api/sessioni/abc'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("lets an amministratore see and end another account's sessions, and nobody else", async () => {
    const { cookies, userId } = await threeDevices();
    const listed = await admin.inject({ method: 'GET', url: `/api/users/${userId}/sessioni` });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<SessionInfo[]>();
    expect(sessions.some((s) => s.corrente)).toBe(false);
    const phone = sessions.find((s) => s.dispositivo === 'Chrome su Android');
    if (!phone) throw new Error('no phone session');
    const ended = await admin.inject({ method: 'DELETE', url: `/api/users/${userId}/sessioni/${phone._id}` });
    expect(ended.statusCode).toBe(204);
    expect((await me(t.app, cookies[0])).statusCode).toBe(401);
    // Not the amministratore's own session id under another account.
    const [own] = await list(admin.cookie);
    const wrong = await admin.inject({ method: 'DELETE', url: `/api/users/${userId}/sessioni/${own?._id}` });
    expect(wrong.statusCode).toBe(404);
    // A magazziniere may not.
    const clerk = await t.app.inject({
      method: 'GET',
      url: `/api/users/${userId}/sessioni`,
      headers: { cookie: cookies[1] ?? '' },
    });
    expect(clerk.statusCode).toBe(403);

    const log = await admin.inject({
      method: 'GET',
      url: `/api/sicurezza/registro?tipo=sessione_chiusa&utente=${userId}`,
    });
    expect(log.json<SecurityEvent[]>()[0]).toMatchObject({
      utente: { _id: userId },
      autore: { _id: admin.user._id },
      dettagli: { daAmministratore: true },
    });
  });

  it('records the address as TRUST_PROXY resolves it', async () => {
    const proxied = await buildTestApp(dialect, { TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: newUserInput(),
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '192.0.2.77', 'user-agent': FIREFOX_WINDOWS },
      });
      expect(res.statusCode).toBe(201);
      const [session] = await proxied.app
        .inject({
          method: 'GET',
          url: '/api/sessioni',
          headers: { cookie: sessionCookieOf(res) },
        })
        .then((r) => r.json<SessionInfo[]>());
      expect(session).toMatchObject({ ip: '192.0.2.77', dispositivo: 'Firefox su Windows', corrente: true });
      const rows = await proxied.app.db.selectFrom('security_events').select(['type', 'ip']).execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { type: 'account_creato', ip: '192.0.2.77' },
          { type: 'accesso_riuscito', ip: '192.0.2.77' },
        ]),
      );
    } finally {
      await proxied.close();
    }
  });
});
