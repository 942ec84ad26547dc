import { createHash, randomBytes } from 'node:crypto';

/** Makes the secrets handed to clients: session ids and password-reset tokens. */
export interface SecretSource {
  /** 32 random bytes as base64url (43 characters). */
  newSecret(): string;
}

/** Secrets from the operating system's CSPRNG. */
export const randomSecrets: SecretSource = {
  newSecret: () => randomBytes(32).toString('base64url'),
};

/** Shape of a secret made by {@link SecretSource}: anything else is refused without a lookup. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (hex) of a secret: what the database stores instead of the secret itself. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `date` moved forward by `ms` milliseconds, as an ISO 8601 string. */
export function isoAfter(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString();
}
