import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../../test/app.js';
import { login, newUserInput, signup } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { isBreachedPassword } from './breached-passwords.js';
import { hashPassword } from './passwords.js';

const BREACHED_MESSAGE =
  "Questa password è tra le più usate e compare negli elenchi di password rubate: scegline un'altra";

describe('the list of breached passwords', () => {
  it('holds the common ones whatever their case, and not a long passphrase', () => {
    for (const password of ['password1234', '123456789012', 'PASSWORD1234', 'qwerty123456', '1qaz2wsx3edc']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
    for (const password of ['cavallo batteria graffetta', 'Ricambi-2025!', 'password-sicura-1']) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });

  it('finds every one of its 100,000 lines, and nothing one character off', () => {
    const lines = fs
      .readFileSync(new URL('./breached-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBe(100_000);
    // Case ignored: in capitals too, where capitals lower-case back to the line (not 'ß', say).
    const missed = lines.filter((line) => {
      const capitals = line.toUpperCase();
      return (
        !isBreachedPassword(line) ||
        (capitals.toLowerCase() === line.toLowerCase() && !isBreachedPassword(capitals))
      );
    });
    expect(missed).toEqual([]);
    const listed = new Set(lines.map((line) => line.toLowerCase()));
    const offByOne = lines
      .flatMap((line) => [`${line}~`, `~${line}`, line.slice(0, -1)])
      .filter((candidate) => !listed.has(candidate.toLowerCase()) && isBreachedPassword(candidate));
    expect(offByOne).toEqual([]);
    expect(isBreachedPassword('')).toBe(false);
  });
});

describe.each(DIALECTS)('password rules on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['12345678', 'La password deve avere almeno 12 caratteri'],
    ['password1234', BREACHED_MESSAGE],
    ['123456789012', BREACHED_MESSAGE],
    ['Password1234', BREACHED_MESSAGE],
  ])('refuses %s at sign-up, naming the rule', async (password, message) => {
    const res = await signup(t.app, newUserInput({ password }), '198.20.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { password: message } });
  });

  it('takes any characters, spaces and accents included', async () => {
    for (const password of ['cavallo batteria graffetta', 'però è già così ☕', '🔧🔩🚗🔧🔩🚗🔧🔩🚗🔧🔩🚗']) {
      const res = await signup(t.app, newUserInput({ password }), '198.20.0.2');
      expect(res.statusCode, password).toBe(202);
    }
  });

  it('never applies the rule to a sign-in: a password of the previous rules still works', async () => {
    const input = newUserInput();
    // An account of the previous version: an 8-character password that is on the list.
    await t.app.db
      .insertInto('users')
      .values({
        id: 'vecchio-account',
        email: input.email,
        username: 'Vecchio',
        password_hash: await hashPassword('12345678'),
        role: 'magazziniere',
        status: 'attivo',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await login(t.app, input.email, '12345678', '198.20.0.3')).statusCode).toBe(200);
  });
});
