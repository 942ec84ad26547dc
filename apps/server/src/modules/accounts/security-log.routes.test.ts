import type { SecurityEvent, SecurityEventType } from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register, signup } from '../../../test/accounts.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { RecordingMailer } from '../../../test/recording-mailer.js';
import { setAccess, signInAs } from '../../../test/roles.js';
import { createAccount } from './accounts.service.js';

const DAY = 24 * 60 * 60 * 1000;
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(DIALECTS)('security log on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  const clock = new ManualClock('2025-09-01T08:00:00.000Z');
  const mailer = new RecordingMailer();
  /** Every secret handed out or typed during the suite: none may appear in a stored entry. */
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock, mailer });
    admin = await signIn(t.app);
    secrets.push(admin.cookie.split('=')[1] ?? '', 'password-di-prova');
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  const ip = () => `198.51.${dialect === 'sqlite' ? 100 : 101}.${(address += 1)}`;

  /** The log as the amministratore reads it, with a query string. */
  async function readLog(query = ''): Promise<{ events: SecurityEvent[]; total: number }> {
    const res = await admin.inject({ method: 'GET', url: `/api/sicurezza/registro${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return { events: res.json<SecurityEvent[]>(), total: Number(res.headers['x-total-count']) };
  }

  /** The entries about or by account `userId`, oldest first. */
  async function eventsOf(userId: string): Promise<SecurityEvent[]> {
    return (await readLog(`?utente=${userId}&limit=100`)).events.reverse();
  }

  const typesOf = (events: SecurityEvent[]) => events.map((event) => event.tipo);

  it('records a sign-up, the sign-ins that succeed and fail, and the sign-out, with who, when and from where', async () => {
    const input = newUserInput({ username: 'Lucia Verdi' });
    const home = ip();
    expect((await signup(t.app, input, home)).statusCode).toBe(202);
    const account = (await t.app.users.list()).find((a) => a.email === input.email);
    if (!account) throw new Error('no account');
    await t.app.users.approve(account._id, 'magazziniere');
    clock.advance(1000);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: input.email, password: 'password-sbagliata-1' },
      remoteAddress: home,
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(wrong.statusCode).toBe(401);
    clock.advance(1000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: input.email, password: input.password },
      remoteAddress: home,
      headers: { 'user-agent': CHROME_ANDROID },
    });
    expect(ok.statusCode).toBe(200);
    const cookie = sessionCookieOf(ok);
    secrets.push(input.password, 'password-sbagliata-1', cookie.split('=')[1] ?? '');
    clock.advance(1000);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, 'user-agent': CHROME_ANDROID },
      remoteAddress: home,
    });
    expect(out.statusCode).toBe(204);

    const events = await eventsOf(account._id);
    expect(typesOf(events)).toEqual([
      'account_creato',
      'account_approvato',
      'accesso_fallito',
      'accesso_riuscito',
      'uscita',
    ]);
    const [created, , failed, signedIn, signedOut] = events;
    const lucia = { _id: account._id, username: 'Lucia Verdi' };
    expect(created).toMatchObject({
      utente: lucia,
      autore: lucia,
      ip: home,
      dettagli: { origine: 'registrazione', stato: 'in_attesa', ruolo: 'magazziniere' },
    });
    expect(failed).toMatchObject({
      utente: lucia,
      autore: null,
      email: null,
      ip: home,
      dispositivo: 'Firefox su Windows',
      dettagli: { motivo: 'password_errata' },
      at: '2025-09-01T08:00:01.000Z',
    });
    expect(signedIn).toMatchObject({
      utente: lucia,
      autore: lucia,
      ip: home,
      dispositivo: 'Chrome su Android',
      at: '2025-09-01T08:00:02.000Z',
    });
    expect(signedOut).toMatchObject({ tipo: 'uscita', utente: lucia, autore: lucia, ip: home });
  });

  it('records a failed sign-in of an unknown address with the address as typed, and its reason for other accounts', async () => {
    const from = ip();
    const typed = `  Nessuno-${address}@Example.test `;
    expect((await login(t.app, typed, 'qualunque-password', from)).statusCode).toBe(401);
    const unknown = (await readLog('?tipo=accesso_fallito&limit=100')).events.find((e) => e.ip === from);
    expect(unknown).toMatchObject({
      utente: null,
      autore: null,
      email: typed.trim().toLowerCase(),
      dettagli: { motivo: 'indirizzo_sconosciuto' },
    });

    // A disabled account with its right password, and one waiting for approval.
    const disabledInput = newUserInput();
    const disabled = sessionCookieOf(await register(t.app, disabledInput, ip()));
    const disabledUser = (await me(t.app, disabled)).json<{ _id: string }>();
    await setAccess(admin, disabledUser._id, { status: 'disabilitato' });
    expect((await login(t.app, disabledInput.email, disabledInput.password, ip())).statusCode).toBe(401);
    const waitingInput = newUserInput();
    await signup(t.app, waitingInput, ip());
    expect((await login(t.app, waitingInput.email, waitingInput.password, ip())).statusCode).toBe(403);

    const { events } = await readLog('?tipo=accesso_fallito&limit=100');
    const reasons = events.map((e) => e.dettagli.motivo);
    expect(reasons).toContain('account_disabilitato');
    expect(reasons).toContain('account_in_attesa');
    expect((await eventsOf(disabledUser._id)).at(-1)).toMatchObject({
      tipo: 'accesso_fallito',
      dettagli: { motivo: 'account_disabilitato' },
    });
  });

  it('records a sign-in refused by the rate limit once, however many times it is refused', async () => {
    const input = newUserInput();
    sessionCookieOf(await register(t.app, input, ip()));
    const from = ip();
    const answers: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      answers.push((await login(t.app, input.email, `sbagliata-${i}-password`, from)).statusCode);
    }
    expect(answers.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(answers.slice(10).every((code) => code === 429)).toBe(true);
    const limited = (await readLog('?tipo=accesso_fallito&limit=100')).events.filter(
      (e) => e.ip === from && e.dettagli.motivo === 'troppi_tentativi',
    );
    expect(limited).toHaveLength(1);
    expect(limited[0]?.email).toBe(input.email);
  });

  it('records password changes, reset requests and resets, and the sessions ended', async () => {
    const input = newUserInput();
    const from = ip();
    const cookie = sessionCookieOf(await register(t.app, input, from));
    const other = sessionCookieOf(await login(t.app, input.email, input.password, ip()));
    const user = (await me(t.app, cookie)).json<{ _id: string }>();
    const newPassword = 'una-password-nuova-1';
    secrets.push(newPassword, cookie.split('=')[1] ?? '', other.split('=')[1] ?? '');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      payload: { currentPassword: input.password, newPassword },
      headers: { cookie },
      remoteAddress: from,
    });
    expect(changed.statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: input.email },
      remoteAddress: from,
    });
    await t.app.accountMails.idle();
    const token = /newpassword\/(\S+)/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(token);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/reset-password/${token}`,
      payload: { password: 'reimpostata-password-2' },
      remoteAddress: from,
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('reimpostata-password-2');

    const events = (await eventsOf(user._id)).slice(-3);
    expect(typesOf(events)).toEqual([
      'password_cambiata',
      'reimpostazione_richiesta',
      'password_reimpostata',
    ]);
    expect(events[0]).toMatchObject({ ip: from, autore: { _id: user._id }, dettagli: { sessioniChiuse: 1 } });
    expect(events[1]).toMatchObject({ ip: from, autore: null, dettagli: { linkInviato: true } });
    expect(events[2]).toMatchObject({ ip: from, dettagli: { sessioniChiuse: 1 } });
  });

  it("records an amministratore's changes of role and status, approvals, rejections, reset links and settings", async () => {
    const clerk = await signIn(t.app);
    const id = clerk.user._id;
    await setAccess(admin, id, { role: 'sola_lettura' });
    await setAccess(admin, id, { status: 'disabilitato' });
    await setAccess(admin, id, { status: 'attivo' });
    const resetLink = await admin.inject({ method: 'POST', url: `/api/users/${id}/password-reset` });
    expect(resetLink.statusCode).toBe(200);
    const events = (await eventsOf(id)).filter((e) => e.autore?._id === admin.user._id);
    expect(typesOf(events)).toEqual([
      'ruolo_cambiato',
      'account_disabilitato',
      'account_riattivato',
      'reimpostazione_richiesta',
    ]);
    expect(events[0]?.dettagli).toEqual({ da: 'magazziniere', a: 'sola_lettura' });
    expect(events[1]?.dettagli).toEqual({ sessioniChiuse: 1 });

    const waiting = newUserInput({ username: 'Da Rifiutare' });
    await signup(t.app, waiting, ip());
    const account = (await t.app.users.list()).find((a) => a.email === waiting.email);
    if (!account) throw new Error('no account');
    expect((await admin.inject({ method: 'POST', url: `/api/users/${account._id}/reject` })).statusCode).toBe(
      200,
    );
    const rejected = (await eventsOf(account._id)).at(-1);
    // The account is gone: the entry keeps its address and name.
    expect(rejected).toMatchObject({
      tipo: 'account_rifiutato',
      utente: null,
      email: waiting.email,
      autore: { _id: admin.user._id },
      dettagli: { nome: 'Da Rifiutare' },
    });

    const settings = await admin.inject({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { signupRole: 'sola_lettura' },
    });
    expect(settings.statusCode).toBe(200);
    await admin.inject({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { signupRole: 'magazziniere' },
    });
    const changes = (await readLog('?tipo=impostazioni_cambiate')).events;
    expect(changes.map((e) => e.dettagli)).toEqual([
      { impostazione: 'ruolo_nuovi_account', da: 'sola_lettura', a: 'magazziniere' },
      { impostazione: 'ruolo_nuovi_account', da: 'magazziniere', a: 'sola_lettura' },
    ]);
  });

  it('records an account created by npm run user:create, without an address', async () => {
    const user = await createAccount(t.app.db, newUserInput(), t.app.clock, 'sola_lettura');
    expect((await eventsOf(user._id)).at(-1)).toMatchObject({
      tipo: 'account_creato',
      autore: null,
      ip: null,
      dettagli: { origine: 'comando', ruolo: 'sola_lettura' },
    });
  });

  it('filters by types, account and time, pages newest first, and refuses bad filters in Italian', async () => {
    const all = await readLog('?limit=100');
    expect(all.total).toBeGreaterThan(10);
    const times = all.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const two = await readLog('?tipo=uscita,ruolo_cambiato&limit=100');
    expect(new Set(typesOf(two.events))).toEqual(new Set<SecurityEventType>(['uscita', 'ruolo_cambiato']));
    const repeated = await readLog('?tipo=uscita&tipo=ruolo_cambiato&limit=100');
    expect(repeated.total).toBe(two.total);

    const page = await readLog('?limit=2&offset=1');
    expect(page.events.map((e) => e._id)).toEqual(all.events.slice(1, 3).map((e) => e._id));
    expect(page.total).toBe(all.total);

    clock.advance(DAY);
    const later = clock.now().toISOString();
    await login(t.app, 'dopo@example.test', 'qualunque-password', ip());
    const since = await readLog(`?dal=${encodeURIComponent(later)}`);
    expect(since.events.map((e) => e.email)).toEqual(['dopo@example.test']);
    expect((await readLog(`?al=${encodeURIComponent(later)}&limit=100`)).total).toBe(all.total);

    for (const [query, field] of [
      ['?tipo=accesso', 'tipo'],
      ['?dal=ieri', 'dal'],
      ['?limit=0', 'limit'],
    ] as const) {
      const res = await admin.inject({ method: 'GET', url: `/api/sicurezza/registro${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual([field]);
    }
  });

  it('is for amministratori only: 401 without a session, 403 for the other roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sicurezza/registro' })).statusCode).toBe(401);
    for (const role of ['magazziniere', 'sola_lettura'] as const) {
      const session = await signInAs(t.app, admin, role);
      const res = await session.inject({ method: 'GET', url: '/api/sicurezza/registro' });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
  });

  it('stores nothing secret: no password, token or session id in any entry', async () => {
    const rows = await t.app.db.selectFrom('security_events').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    const stored = JSON.stringify(rows);
    for (const secret of secrets.filter((s) => s.length >= 8)) {
      expect(stored).not.toContain(secret);
    }
    // Nor a hash of one: the only 64-hex strings a session or a token has.
    expect(stored).not.toMatch(/[0-9a-f]{64}/);
  });

  it('deletes the entries older than 180 days, and keeps the others', async () => {
    const typesAbout = async (userId: string) =>
      (
        await t.app.db.selectFrom('security_events').select('type').where('user_id', '=', userId).execute()
      ).map((row) => row.type);
    const before = (await readLog()).total;
    const old = await createAccount(t.app.db, newUserInput(), t.app.clock);
    clock.advance(179 * DAY);
    const recent = await createAccount(t.app.db, newUserInput(), t.app.clock);
    clock.advance(DAY + 1000);
    const purged = await t.app.securityLog.purgeExpired();
    expect(purged).toBeGreaterThanOrEqual(before + 1);
    expect(await typesAbout(old._id)).toEqual([]);
    expect(await typesAbout(recent._id)).toEqual(['account_creato']);
    expect(await t.app.securityLog.purgeExpired()).toBe(0);
  });

  it('keeps a refused sign-in 401 and a good one 200 when the log cannot be written', async () => {
    const input = newUserInput();
    await register(t.app, input, ip());
    await t.app.db.schema.alterTable('security_events').renameTo('security_events_away').execute();
    try {
      expect((await login(t.app, input.email, 'sbagliata-password-9', ip())).statusCode).toBe(401);
      expect((await login(t.app, 'ignoto@example.test', 'qualunque-password', ip())).statusCode).toBe(401);
      expect((await login(t.app, input.email, input.password, ip())).statusCode).toBe(200);
      // A change that must be recorded is not made unrecorded: it fails, and nothing changes.
      const cookie = sessionCookieOf(await login(t.app, input.email, input.password, ip()));
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        payload: { currentPassword: input.password, newPassword: 'mai-salvata-password' },
        headers: { cookie },
      });
      expect(change.statusCode).toBe(500);
      expect(change.body).not.toContain('security_events');
    } finally {
      await t.app.db.schema.alterTable('security_events_away').renameTo('security_events').execute();
    }
    expect((await login(t.app, input.email, input.password, ip())).statusCode).toBe(200);
  });
});
