import { hash, verify, type Algorithm } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;

/** argon2id at the OWASP baseline (19 MiB, 2 passes, 1 lane): about 25 ms per check here. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (random salt, PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Made once, lazily: checking against it costs what a real check costs.
let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `storedHash`. With no stored hash (unknown email) it checks against a
 * dummy hash of the same cost and answers false, so timing does not tell which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('magazzino-dummy-password-never-matches');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a 500 that hints at the account.
    return false;
  }
}
