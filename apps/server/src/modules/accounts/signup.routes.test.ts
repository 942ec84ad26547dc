import type { SignupAccepted, User, UserAccount } from '@magazzino/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, signIn, type Session, type TestApp } from '../../../test/app.js';
import { login, me, newUserInput, register, signup } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { setAccess } from '../../../test/roles.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { SIGNUP_MESSAGES } from './accounts.service.js';

const PUBLIC_URL = 'https://magazzino.example.it';

/** The addresses a received mail was sent to, lower-cased. */
function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}

let address = 0;
/** A fresh client address, so that no test trips the per-address sign-up limit of another. */
const nextAddress = () => `203.0.113.${(address += 1)}`;

describe.each(DIALECTS)('sign-up with approval (the default) on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Session;
  let secondAdmin: Session;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp(dialect, { PUBLIC_URL, SMTP_URL: smtp.url });
    admin = await signIn(t.app);
    secondAdmin = await signIn(t.app);
    await setAccess(admin, secondAdmin.user._id, { role: 'amministratore' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Every mail received by `email` so far, once the mails still being sent have gone. */
  async function mailsTo(email: string): Promise<ParsedMail[]> {
    await t.app.accountMails.idle();
    return smtp.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));
  }

  async function accountOf(email: string): Promise<UserAccount | undefined> {
    const list = await admin.inject({ method: 'GET', url: '/api/users' });
    return list.json<UserAccount[]>().find((account) => account.email === email);
  }

  it('says how sign-up works before anyone signs up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/signup' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signup: 'approval' });
  });

  it('makes a later sign-up wait with access to nothing, mails every amministratore, and lets it in once approved', async () => {
    const input = newUserInput({ username: 'Luca Verdi' });
    const ip = nextAddress();
    const res = await signup(t.app, input, ip);
    expect(res.statusCode).toBe(202);
    expect(res.json<SignupAccepted>()).toEqual({ message: SIGNUP_MESSAGES.approval, signup: 'approval' });
    expect(res.headers['set-cookie']).toBeUndefined();

    // Both amministratori hear of it, with the way to 'Utenti'.
    for (const to of [admin.user.email, secondAdmin.user.email]) {
      const mail = await smtp.waitFor(
        (m) => recipients(m).includes(to) && m.text?.includes(input.email) === true,
      );
      expect(mail.subject).toBe('Nuova richiesta di accesso a Magazzino Ricambi');
      expect(mail.text).toContain('Luca Verdi');
      expect(mail.text).toContain(`${PUBLIC_URL}/utenti`);
    }

    expect(await accountOf(input.email)).toMatchObject({ status: 'in_attesa', role: 'magazziniere' });
    // The right password says it waits, and opens no session; a wrong one says nothing more.
    const waiting = await login(t.app, input.email, input.password, ip);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toEqual({
      code: 'ACCOUNT_PENDING',
      error:
        'Il tuo account è in attesa di approvazione: potrai accedere quando un amministratore lo avrà approvato.',
    });
    expect(waiting.headers['set-cookie']).toBeUndefined();
    const wrong = await login(t.app, input.email, 'password-sbagliata', ip);
    const unknown = await login(t.app, `nessuno-${input.email}`, 'password-sbagliata', ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    // No reset link for an account that could not use it.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: input.email },
      remoteAddress: ip,
    });
    expect(forgot.statusCode).toBe(200);
    expect(await mailsTo(input.email)).toEqual([]);

    // 'Utenti' does not edit a waiting account: it approves or rejects it.
    const account = await accountOf(input.email);
    const id = account?._id ?? '';
    const patch = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { role: 'sola_lettura' },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });
    const reset = await admin.inject({ method: 'POST', url: `/api/users/${id}/password-reset` });
    expect(reset.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });

    const approved = await secondAdmin.inject({
      method: 'POST',
      url: `/api/users/${id}/approve`,
      payload: { role: 'sola_lettura' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ _id: id, status: 'attivo', role: 'sola_lettura' });
    const welcome = await smtp.waitFor((m) => recipients(m).includes(input.email));
    expect(welcome.subject).toBe('Il tuo account di Magazzino Ricambi è attivo');
    expect(welcome.text).toContain('Sola lettura');
    expect(welcome.text).toContain(`${PUBLIC_URL}/login`);

    const signedIn = await login(t.app, input.email, input.password, ip);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<User>().role).toBe('sola_lettura');
    const cookie = sessionCookieOf(signedIn);
    const list = await t.app.inject({ method: 'GET', url: '/api/componenti', headers: { cookie } });
    expect(list.statusCode).toBe(200);

    const again = await admin.inject({
      method: 'POST',
      url: `/api/users/${id}/approve`,
      payload: { role: 'magazziniere' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOT_PENDING' });
  });

  it('rejects a waiting account: it is deleted, cannot sign in, and the address may ask again', async () => {
    const input = newUserInput();
    const ip = nextAddress();
    expect((await signup(t.app, input, ip)).statusCode).toBe(202);
    const id = (await accountOf(input.email))?._id ?? '';
    const rejected = await admin.inject({ method: 'POST', url: `/api/users/${id}/reject` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: `Richiesta di Mario Rossi (${input.email}) rifiutata.` });
    expect(await accountOf(input.email)).toBeUndefined();
    expect((await login(t.app, input.email, input.password, ip)).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await signup(t.app, input, ip)).statusCode).toBe(202);
    expect(await accountOf(input.email)).toMatchObject({ status: 'in_attesa' });

    const active = await admin.inject({ method: 'POST', url: `/api/users/${admin.user._id}/reject` });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toMatchObject({ code: 'NOT_PENDING' });
    expect((await admin.inject({ method: 'POST', url: '/api/users/nessuno/reject' })).statusCode).toBe(404);
  });

  it('answers a taken address exactly as a new one, and mails its owner instead', async () => {
    const owner = newUserInput({ username: 'Anna Neri' });
    await register(t.app, owner, nextAddress());
    const adminMailsBefore = (await mailsTo(admin.user.email)).length;

    const fresh = await signup(t.app, newUserInput({ username: 'Chi vuole entrare' }), nextAddress());
    // Another person's password and name, the owner's address in another case.
    const taken = await signup(
      t.app,
      newUserInput({
        email: ` ${owner.email.toUpperCase()} `,
        username: 'Chi vuole entrare',
        password: 'password-di-chi-entra',
      }),
      nextAddress(),
    );
    const shape = (res: LightMyRequestResponse) => ({
      status: res.statusCode,
      body: res.body,
      headers: Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort()
        .map((name) => `${name}: ${String(res.headers[name])}`),
    });
    expect(shape(taken)).toEqual(shape(fresh));

    const [warning, ...others] = await mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(warning?.subject).toBe('Registrazione a Magazzino Ricambi con il tuo indirizzo');
    expect(warning?.text).toContain('Ciao Anna Neri');
    expect(warning?.text).toContain(`${PUBLIC_URL}/resetpassword`);
    // The amministratori hear of the new address only.
    expect((await mailsTo(admin.user.email)).length).toBe(adminMailsBefore + 1);
    // The account is untouched: its own password works, the one just typed does not.
    expect((await login(t.app, owner.email, owner.password, nextAddress())).json<User>().username).toBe(
      'Anna Neri',
    );
    expect((await login(t.app, owner.email, 'password-di-chi-entra', nextAddress())).statusCode).toBe(401);
  });

  it('takes as long for a taken address as for a new one', async () => {
    const owners = [];
    for (let i = 0; i < 8; i += 1) {
      const owner = newUserInput();
      await register(t.app, owner, nextAddress());
      owners.push(owner);
    }
    const time = async (email: string) => {
      const started = performance.now();
      const res = await signup(t.app, newUserInput({ email }), nextAddress());
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(202);
      return elapsed;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (const owner of owners) {
      taken.push(await time(owner.email));
      fresh.push(await time(newUserInput().email));
    }
    await t.app.accountMails.idle();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    // Both hash the password and take the same lock: before, a taken address answered at once
    // (a hundredth of the time). The bounds leave room for a busy machine's noise.
    expect(median(taken) / median(fresh)).toBeGreaterThan(0.5);
    expect(median(taken) / median(fresh)).toBeLessThan(2);
  });

  it('keeps the first sign-up of an empty installation signed in as amministratore', async () => {
    const empty = await buildTestApp(dialect, { SMTP_URL: smtp.url });
    try {
      const first = await signup(empty.app, newUserInput());
      expect(first.statusCode).toBe(201);
      expect(first.json<User>().role).toBe('amministratore');
      expect((await me(empty.app, sessionCookieOf(first))).statusCode).toBe(200);
    } finally {
      await empty.close();
    }
  });
});

describe.each(DIALECTS)('sign-up with SIGNUP=open on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await buildTestApp(dialect, { PUBLIC_URL, SMTP_URL: smtp.url, SIGNUP: 'open' });
    await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('lets a new account sign in at once with the default role, and answers a taken address the same', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/signup' })).json()).toEqual({
      signup: 'open',
    });
    const input = newUserInput();
    const fresh = await signup(t.app, input, nextAddress());
    expect(fresh.statusCode).toBe(202);
    expect(fresh.json()).toEqual({ message: SIGNUP_MESSAGES.open, signup: 'open' });
    const signedIn = await login(t.app, input.email, input.password, nextAddress());
    expect(signedIn.json<User>().role).toBe('magazziniere');

    const taken = await signup(t.app, newUserInput({ email: input.email }), nextAddress());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    const warning = await smtp.waitFor((mail) => recipients(mail).includes(input.email));
    expect(warning.subject).toBe('Registrazione a Magazzino Ricambi con il tuo indirizzo');
  });
});
