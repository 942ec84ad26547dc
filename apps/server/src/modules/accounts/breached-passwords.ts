import fs from 'node:fs';
import { errors } from '../../lib/errors.js';

/**
 * The 100,000 passwords seen most often in breaches: the NCSC's `PwnedPasswordsTop100k.txt`, taken
 * from Have I Been Pwned (README, "Sicurezza"), lower-cased, without repeats (97,851 lines) and
 * sorted by UTF-16 code units (JavaScript's `sort()`), one per line: a test checks that order, which
 * the search below relies on. It lives in src/ and is read from there by the built server too
 * (dist/ and src/ sit at the same depth).
 */
const LIST_FILE = new URL('../../../src/modules/accounts/breached-passwords.txt', import.meta.url);

/**
 * The list as read (one string) and where each line starts in it: 1.7 MiB of the main thread's
 * heap, where a Set of the 100,000 strings held 5.7 MiB for as long as the server runs (2026-12-02).
 */
interface SortedList {
  text: string;
  /** The offset in `text` of each line, in order. */
  starts: Uint32Array;
}

let list: SortedList | undefined;

/** The list, read once, at start-up (`loadBreachedPasswords`): one pass over the file. */
function breachedPasswords(): SortedList {
  if (list) return list;
  const file = fs.readFileSync(LIST_FILE, 'utf8');
  const text = file.endsWith('\n') ? file.slice(0, -1) : file;
  const starts: number[] = [0];
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) starts.push(end + 1);
  list = { text, starts: Uint32Array.from(starts) };
  return list;
}

/**
 * Whether `password` is one of the most common breached passwords. Case is ignored, so
 * "PASSWORD1234" counts as "password1234": changing case adds nothing a guesser does not try.
 */
export function isBreachedPassword(password: string): boolean {
  const { text, starts } = breachedPasswords();
  const wanted = password.toLowerCase();
  // A binary search in the file's order (UTF-16 code units, as `<` compares).
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = starts[middle] ?? 0;
    const end = text.indexOf('\n', start);
    const entry = text.slice(start, end === -1 ? text.length : end);
    if (entry === wanted) return true;
    if (entry < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return false;
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
