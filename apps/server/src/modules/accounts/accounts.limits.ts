import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey, type AttemptLimit } from '../../plugins/rate-limit.js';

const MINUTE = 60_000;

/**
 * The limits of the account routes (README, "Sicurezza"). A clerk who mistypes a password a few
 * times is never stopped; a script guessing passwords is, after 10 failures per account and
 * address (30 per address) in 15 minutes. Only failed logins count, so signing in many times a day
 * never does.
 *
 * Browsers without a device cookie for the account share `loginPerEmail`: however many addresses
 * a guesser spreads over, one account takes at most 50 wrong passwords from them in 15 minutes.
 * A browser that signed in to the account before presents its device cookie and is counted on its
 * own (`loginPerDevice`), so those 50 failures never lock the owner out of it.
 */
export const ACCOUNT_LIMITS = {
  loginPerIpAndEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  // Bounds a guess spread over many addresses against one account (unknown browsers only).
  loginPerEmail: { max: 50, windowMs: 15 * MINUTE },
  // A known browser of the account: its own allowance, the same as one address gets.
  loginPerDevice: { max: 10, windowMs: 15 * MINUTE },
  // Someone at an unlocked session guessing its current password.
  changePasswordPerUser: { max: 10, windowMs: 15 * MINUTE },
  // The code step of a sign-in (two-factor), counted as the password is: per address and account,
  // per address, per account from unknown browsers, and per known browser of the account.
  codePerIpAndUser: { max: 10, windowMs: 15 * MINUTE },
  codePerIp: { max: 30, windowMs: 15 * MINUTE },
  codePerUser: { max: 50, windowMs: 15 * MINUTE },
  codePerDevice: { max: 10, windowMs: 15 * MINUTE },
  // Someone at an unlocked session guessing codes (enrolment, new recovery codes, turning it off).
  twoFactorPerUser: { max: 10, windowMs: 15 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
  signupPerEmail: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 20, windowMs: 60 * MINUTE },
  // Nobody's mailbox gets flooded with reset mails.
  forgotPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, { max: number; windowMs: number }>;

/** The e-mail of a validated account body (login, sign-up and forgot-password all carry one). */
function emailOf(request: FastifyRequest): string {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email
    : '';
}

/** The client's address (behind TRUST_PROXY's proxies), IPv6 by its /64. */
const clientAddress = (request: FastifyRequest) => addressKey(request.ip);

/** The trusted device a sign-in presented, once recognised (see `trustDevice`). */
const devices = new WeakMap<FastifyRequest, string>();

/** Records that `request` came from trusted device `idHash`: its failures count on that device. */
export function trustDevice(request: FastifyRequest, idHash: string): void {
  devices.set(request, idHash);
}

const deviceOf = (request: FastifyRequest) => devices.get(request) ?? '';

/** The account whose sign-in a code step continues, once its challenge is found (see `challengeFor`). */
const challengeUsers = new WeakMap<FastifyRequest, string>();

/** Records that `request` is the code step of a sign-in of account `userId`: its failures count on it. */
export function challengeFor(request: FastifyRequest, userId: string): void {
  challengeUsers.set(request, userId);
}

const challengeUserOf = (request: FastifyRequest) => challengeUsers.get(request) ?? '';
const userOf = (request: FastifyRequest) => request.user?._id ?? '';

function limit(name: keyof typeof ACCOUNT_LIMITS, key: AttemptLimit['key']): AttemptLimit {
  return { name, ...ACCOUNT_LIMITS[name], key };
}

/** The limiters of the account routes, per address, per e-mail, per device and per user. */
export function createAccountLimits(app: FastifyInstance) {
  return {
    /** Sign-ins from a browser the account does not know: counts failed logins only (`countFailure`). */
    // Per address first: an address past its limit adds no counter anywhere else.
    login: app.createAttemptLimiter([
      limit('loginPerIp', clientAddress),
      limit('loginPerIpAndEmail', (request) => `${clientAddress(request)}|${emailOf(request)}`),
      limit('loginPerEmail', emailOf),
    ]),
    /** Sign-ins from a device trusted for the account (after `trustDevice`): failures only. */
    loginFromDevice: app.createAttemptLimiter([limit('loginPerDevice', deviceOf)]),
    /** Wrong current passwords given to 'Cambia password', per signed-in user. */
    changePassword: app.createAttemptLimiter([limit('changePasswordPerUser', userOf)]),
    /** Wrong codes at the code step of a sign-in from a browser the account does not know (after `challengeFor`). */
    loginCode: app.createAttemptLimiter([
      limit('codePerIp', clientAddress),
      limit('codePerIpAndUser', (request) => `${clientAddress(request)}|${challengeUserOf(request)}`),
      limit('codePerUser', challengeUserOf),
    ]),
    /** Wrong codes at the code step from a device trusted for the account (after `trustDevice`). */
    loginCodeFromDevice: app.createAttemptLimiter([limit('codePerDevice', deviceOf)]),
    /** Wrong codes (or password) given to the two-factor settings of one's account, per signed-in user. */
    twoFactor: app.createAttemptLimiter([limit('twoFactorPerUser', userOf)]),
    signup: app.createAttemptLimiter([limit('signupPerIp', clientAddress), limit('signupPerEmail', emailOf)]),
    forgotPassword: app.createAttemptLimiter([
      limit('forgotPerIp', clientAddress),
      limit('forgotPerEmail', emailOf),
    ]),
  };
}
