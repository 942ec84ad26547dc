import { randomBytes } from 'node:crypto';
import { compactCode, formatRecoveryCode, TWO_FACTOR } from '@magazzino/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashSecret } from './accounts.ports.js';

/** The issuer the authenticator app shows above the account's codes. */
const ISSUER = 'Magazzino Ricambi';

/** Codes of the step before and after the current one are accepted too (clocks drift, people type slowly). */
const WINDOW = 1;

/** The TOTP of `secret` (base32) as authenticator apps expect it: 6 digits, 30 s, SHA-1 (RFC 6238). */
function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step `at` falls in. */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TWO_FACTOR.periodSeconds);
}

/**
 * The time step of the code `code` for `secret` at `at`, within one step either side; undefined
 * when it is not a current code. The caller refuses a step already used (a replay).
 */
export function matchTotp(secret: string, code: string, at: Date): number | undefined {
  const delta = totpOf(secret).validate({
    token: compactCode(code),
    timestamp: at.getTime(),
    window: WINDOW,
  });
  return delta === null ? undefined : timeStep(at) + delta;
}

/** The otpauth:// URI the QR code carries (the account's email as its label). */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The QR code of `uri` as an SVG document, made here so the web app carries no QR library. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The secret in groups of four, for typing it into the app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Base32's alphabet in lower case: no 0, 1, 8 or 9 to confuse with o, l, b or g. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * `TWO_FACTOR.recoveryCodes` new recovery codes, `abcd-efgh-jk23`: 12 characters of 32 each, 60
 * random bits a code (a byte's low five bits pick a character: no bias).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const compact = [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte & 31] ?? 'a').join('');
    return formatRecoveryCode(compact);
  });
}

/** SHA-256 of a recovery code as typed (any case, spaces or dashes): what the database keeps. */
export function hashRecoveryCode(code: string): string {
  return hashSecret(formatRecoveryCode(compactCode(code)));
}
