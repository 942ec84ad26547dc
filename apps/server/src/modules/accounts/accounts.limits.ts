import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AttemptLimit } from '../../plugins/rate-limit.js';

const MINUTE = 60_000;

/**
 * The limits of the account routes. A clerk who mistypes a password a few times is never stopped;
 * a script guessing passwords is, after 10 failures per account and address (30 per address) in
 * 15 minutes. Only failed logins count, so signing in many times a day never does.
 */
export const ACCOUNT_LIMITS = {
  loginPerIpAndEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  // Bounds a guess spread over many addresses against one account, high enough not to lock it out easily.
  loginPerEmail: { max: 50, windowMs: 15 * MINUTE },
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

const clientAddress = (request: FastifyRequest) => request.ip;

function limit(name: keyof typeof ACCOUNT_LIMITS, key: AttemptLimit['key']): AttemptLimit {
  return { name, ...ACCOUNT_LIMITS[name], key };
}

/** The limiters of the account routes, per address, per e-mail, and per both for logins. */
export function createAccountLimits(app: FastifyInstance) {
  return {
    /** Counts failed logins only (`countFailure`). */
    login: app.createAttemptLimiter([
      limit('loginPerIpAndEmail', (request) => `${clientAddress(request)}|${emailOf(request)}`),
      limit('loginPerIp', clientAddress),
      limit('loginPerEmail', emailOf),
    ]),
    signup: app.createAttemptLimiter([limit('signupPerIp', clientAddress), limit('signupPerEmail', emailOf)]),
    forgotPassword: app.createAttemptLimiter([
      limit('forgotPerIp', clientAddress),
      limit('forgotPerEmail', emailOf),
    ]),
  };
}
