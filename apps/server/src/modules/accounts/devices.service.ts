import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashSecret, isoAfter, randomSecrets, type SecretSource } from './accounts.ports.js';
import {
  deleteExpiredTrustedDevices,
  deleteTrustedDevice,
  findTrustedDeviceFor,
  insertTrustedDevice,
  pruneTrustedDevices,
} from './devices.repository.js';

/** A device stays trusted this long after its last sign-in. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** Devices kept per account: the newest ones. */
const DEVICES_PER_USER = 20;

/** A browser recognised as one that signed in to the account before. */
export interface TrustedDevice {
  /** SHA-256 of its token: names its own allowance of failed sign-ins. */
  idHash: string;
  userId: string;
}

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a random token bound to that account (the database keeps its
 * SHA-256). A sign-in that presents it is counted against the device's own allowance, not the
 * account's allowance for unknown clients, so a flood of wrong passwords from elsewhere never
 * locks the owner out of a browser they used before.
 */
export class TrustedDeviceService {
  private readonly secrets: SecretSource;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    secrets?: SecretSource,
  ) {
    this.secrets = secrets ?? randomSecrets;
  }

  /** The device among `tokens` trusted for the account of `email` (normalised), if any. */
  recognise(tokens: readonly string[], email: string): Promise<TrustedDevice | undefined> {
    return findTrustedDeviceFor(this.db, tokens.map(hashSecret), email, this.clock.now().toISOString());
  }

  /**
   * After a successful sign-in of `userId`: a new token for this browser, replacing the one it
   * presented for the account (`replaced`), if any. Returns the browser's new token list.
   */
  async issue(userId: string, tokens: readonly string[], replaced?: TrustedDevice): Promise<string[]> {
    const now = this.clock.now();
    const token = this.secrets.newSecret();
    await deleteExpiredTrustedDevices(this.db, now.toISOString());
    if (replaced) await deleteTrustedDevice(this.db, replaced.idHash);
    await insertTrustedDevice(this.db, {
      idHash: hashSecret(token),
      userId,
      now: now.toISOString(),
      expiresAt: isoAfter(now, DEVICE_TTL_MS),
    });
    await pruneTrustedDevices(this.db, userId, DEVICES_PER_USER);
    const kept = tokens.filter((other) => hashSecret(other) !== replaced?.idHash);
    return [token, ...kept];
  }
}
