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

  it('is stored lower-cased and in order, and finds every line of it, and nothing one character off', () => {
    const lines = fs
      .readFileSync(new URL('./breached-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBe(97_851);
    // The order the search halves by: each line after the one before, in UTF-16 code units.
    expect(
      lines.filter((line, i) => line !== line.toLowerCase() || (i > 0 && !((lines[i - 1] ?? '') < line))),
    ).toEqual([]);
    // Case ignored: in capitals too, where capitals lower-case back to the line (not 'ß', say).
    const missed = lines.filter((line) => {
      const capitals = line.toUpperCase();
      return !isBreachedPassword(line) || (capitals.toLowerCase() === line && !isBreachedPassword(capitals));
    });
    expect(missed).toEqual([]);
    const listed = new Set(lines);
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
