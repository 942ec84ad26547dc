import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../test/app.js';
import { collectLogs, login, me, newUserInput, register } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { ManualClock } from '../../../test/clock.js';
import { RecordingMailer } from '../../../test/recording-mailer.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';

const PUBLIC_URL = 'https://magazzino.example.it';
const FORGOT_MESSAGE =
  "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password.";

describe.each(DIALECTS)('password reset by mail on %s', (dialect) => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  const logs = collectLogs();
  /** Every response body and header seen, to check that no hash or token ever leaks. */
  const seen: string[] = [];

  async function post(url: string, payload: object, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'POST', url, payload, headers });
    seen.push(res.body, JSON.stringify(res.headers));
    return res;
  }

  /** Asks for a reset of `email` and returns the token read from the mail that arrives. */
  async function requestToken(email: string): Promise<{ token: string; mail: ParsedMail }> {
    const before = smtp.messages.length;
    const res = await post('/api/users/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (m) =>
        smtp.messages.indexOf(m) >= before &&
        m.to !== undefined &&
        JSON.stringify(m.to).includes(email.trim().toLowerCase()),
    );
    const match = new RegExp(`${PUBLIC_URL}/newpassword/([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return { token: match[1], mail };
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp(
      dialect,
      { SMTP_URL: smtp.url, PUBLIC_URL, LOG_LEVEL: 'info', MAIL_FROM: 'Magazzino <noreply@example.it>' },
      { logStream: logs.stream },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('runs the whole round trip: mail with the link, weak/bad/reused tokens refused, sessions revoked', async () => {
    const input = newUserInput({ username: '<b>Mario & "Figli"</b>' });
    const first = sessionCookieOf(await register(t.app, input));
    const second = sessionCookieOf(await login(t.app, input.email, input.password));

    const { token, mail } = await requestToken(input.email.toUpperCase());
    expect(mail.subject).toBe('Reimposta la password di Magazzino Ricambi');
    expect(mail.from?.text).toContain('noreply@example.it');
    expect(mail.text).toContain('Il link vale 60 minuti');
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(html).toContain(`href="${PUBLIC_URL}/newpassword/${token}"`);
    expect(html).toContain('&lt;b&gt;Mario &amp; &quot;Figli&quot;&lt;/b&gt;');
    expect(html).not.toContain('<b>Mario');

    const weak = await post(`/api/users/reset-password/${token}`, { password: 'corta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'La password deve avere almeno 12 caratteri' },
    });

    const bad = await post(`/api/users/reset-password/${'x'.repeat(43)}`, { password: 'nuova-password-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(bad.json<{ error: string }>().error).toMatch(/non è valido/);

    // The original client's path: a literal ':' before the token, and the token again in the body.
    const ok = await post(`/api/users/reset-password/:${token}`, { password: 'nuova-password-1', token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password aggiornata: ora puoi accedere con la nuova password.' });

    expect((await me(t.app, first)).statusCode).toBe(401);
    expect((await me(t.app, second)).statusCode).toBe(401);
    expect((await login(t.app, input.email, input.password)).statusCode).toBe(401);
    expect((await login(t.app, input.email, 'nuova-password-1')).statusCode).toBe(200);

    const reused = await post(`/api/users/reset-password/${token}`, { password: 'altra-password-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await login(t.app, input.email, 'nuova-password-1')).statusCode).toBe(200);
  });

  it('refuses an expired token (valid 60 minutes)', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const { token } = await requestToken(input.email);
    const hash = createHash('sha256').update(token).digest('hex');
    const row = await t.app.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    const res = await post(`/api/users/reset-password/${token}`, { password: 'nuova-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await login(t.app, input.email, input.password)).statusCode).toBe(200);
  });

  it('takes the token from Authorization: Bearer or from the body when the path has none', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const viaBearer = await requestToken(input.email);
    const res = await post(
      '/api/users/reset-password',
      { password: 'password-bearer' },
      { authorization: `Bearer ${viaBearer.token}` },
    );
    expect(res.statusCode).toBe(200);
    const viaBody = await requestToken(input.email);
    const res2 = await post('/api/users/reset-password', {
      password: 'password-body-1',
      token: viaBody.token,
    });
    expect(res2.statusCode).toBe(200);
    expect((await login(t.app, input.email, 'password-body-1')).statusCode).toBe(200);
    expect((await post('/api/users/reset-password', { password: 'password-nessun' })).statusCode).toBe(400);
  });

  it('answers forgot-password the same for unknown addresses, and refuses a malformed one', async () => {
    const unknown = await post('/api/users/forgot-password', { email: 'nessuno@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: FORGOT_MESSAGE });
    const input = newUserInput();
    await register(t.app, input);
    const known = await post('/api/users/forgot-password', { email: input.email });
    expect(known.json()).toEqual(unknown.json());
    const malformed = await post('/api/users/forgot-password', { email: 'non-una-email' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fields: { email: "L'email non è valida" } });
  });

  it('stores reset tokens only as SHA-256 hashes', async () => {
    const input = newUserInput();
    await register(t.app, input);
    const { token } = await requestToken(input.email);
    const rows = await t.app.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.token_hash === hash)).toBe(true);
  });

  it('never puts a password hash, a reset token, a password or a session id in a response body or a log line', async () => {
    const input = newUserInput();
    const signed = await register(t.app, input);
    const logged = await post('/api/users/login', { email: input.email, password: input.password });
    const cookies = [sessionCookieOf(signed), sessionCookieOf(logged)];
    for (const cookie of cookies) {
      const res = await me(t.app, cookie);
      seen.push(res.body, JSON.stringify(res.headers));
      await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie } });
    }
    const sessionIds = cookies.map((cookie) => cookie.split('=')[1] ?? '');
    // The reset mails' tokens (the other mails, to the amministratore about sign-ups, carry none).
    const tokens = smtp.messages.flatMap(
      (m) => /newpassword\/([A-Za-z0-9_-]{43})/.exec(m.text ?? '')?.[1] ?? [],
    );
    expect(tokens.length).toBeGreaterThan(3);
    const hashes = await t.app.db.selectFrom('users').select('password_hash').execute();
    const responses = seen.join('\n');
    expect(responses).not.toMatch(/argon2|password_hash|passwordHash/);
    for (const token of tokens) expect(responses).not.toContain(token);
    for (const { password_hash } of hashes) expect(responses).not.toContain(password_hash);

    const log = logs.lines.join('\n');
    expect(log).toContain('[redacted]');
    expect(log).not.toMatch(/argon2|nuova-password-1|password-sicura-1/);
    for (const token of tokens) expect(log).not.toContain(token);
    for (const id of sessionIds) expect(log).not.toContain(id);
    expect(log).not.toContain(input.password);
  });
});

describe('password reset with the mailer and the clock swapped through buildApp', () => {
  it('mails the link through the given mailer; the link expires by the given clock', async () => {
    const mailer = new RecordingMailer();
    const clock = new ManualClock();
    const t = await buildTestApp('sqlite', { PUBLIC_URL }, { mailer, clock });
    try {
      const input = newUserInput();
      await register(t.app, input);
      const forgot = {
        method: 'POST' as const,
        url: '/api/users/forgot-password',
        payload: { email: input.email },
      };
      expect((await t.app.inject(forgot)).statusCode).toBe(200);
      await t.app.accountMails.idle();
      expect(mailer.sent).toHaveLength(1);
      expect(mailer.sent[0]?.to).toBe(input.email);
      const token = new RegExp(`${PUBLIC_URL}/newpassword/([A-Za-z0-9_-]{43})`).exec(
        mailer.sent[0]?.text ?? '',
      )?.[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      clock.advance(61 * 60 * 1000);
      const late = await t.app.inject({
        method: 'POST',
        url: `/api/users/reset-password/${token ?? ''}`,
        payload: { password: 'nuova-password-1' },
      });
      expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    } finally {
      await t.close();
    }
  });
});
