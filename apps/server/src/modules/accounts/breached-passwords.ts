import fs from 'node:fs';
import { errors } from '../../lib/errors.js';

/**
 * The 100,000 passwords seen most often in breaches: the NCSC's `PwnedPasswordsTop100k.txt`, taken
 * from Have I Been Pwned (README, "Sicurezza"), one per line, as published. It lives in src/ and is
 * read from there by the built server too (dist/ and src/ sit at the same depth).
 */
const LIST_FILE = new URL('../../../src/modules/accounts/breached-passwords.txt', import.meta.url);

let list: ReadonlySet<string> | undefined;

/** The list, lower-cased, read once (about 30 ms) on the first check. */
function breachedPasswords(): ReadonlySet<string> {
  list ??= new Set(
    fs
      .readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.toLowerCase()),
  );
  return list;
}

/**
 * Whether `password` is one of the most common breached passwords. Case is ignored, so
 * "PASSWORD1234" counts as "password1234": changing case adds nothing a guesser does not try.
 */
export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.toLowerCase());
}

/** Reads the list now, so that the first sign-up does not wait for it. */
export function loadBreachedPasswords(): void {
  breachedPasswords();
}

/**
 * Refuses a new password found in the list with a field error (400 VALIDATION), the way a rule of
 * the contract would. Only new passwords are checked: signing in never is.
 */
export function assertPasswordNotBreached(password: string, field = 'password'): void {
  if (isBreachedPassword(password)) {
    throw errors.validation({
      [field]:
        "Questa password è tra le più usate e compare negli elenchi di password rubate: scegline un'altra",
    });
  }
}
