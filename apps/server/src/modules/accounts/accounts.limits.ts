import type { FastifyInstance } from 'fastify';
import { countAttempt, type CountedAttempt, type RateLimitRule } from '../../plugins/rate-limit.js';

const MINUTE = 60_000;

/**
 * The limits of the account routes. A clerk who mistypes a password a few times is never stopped;
 * a script guessing passwords is, after 10 tries per account and IP (30 per IP) in 15 minutes.
 * Successful logins are taken back, so signing in many times a day never counts.
 */
export const ACCOUNT_LIMITS = {
  loginPerIpAndEmail: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  // Bounds a guess spread over many IPs against one account, high enough not to lock it out easily.
  loginPerEmail: { max: 50, windowMs: 15 * MINUTE },
  signupPerIp: { max: 20, windowMs: 60 * MINUTE },
  signupPerEmail: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 20, windowMs: 60 * MINUTE },
  // Nobody's mailbox gets flooded with reset mails.
  forgotPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Counts attempts on the account routes; each call throws 429 (with Retry-After) when over a limit. */
export function createAccountLimits(app: FastifyInstance) {
  const limiter = (name: keyof typeof ACCOUNT_LIMITS) => app.createRateLimiter(name, ACCOUNT_LIMITS[name]);
  const loginPerIpAndEmail = limiter('loginPerIpAndEmail');
  const loginPerIp = limiter('loginPerIp');
  const loginPerEmail = limiter('loginPerEmail');
  const signupPerIp = limiter('signupPerIp');
  const signupPerEmail = limiter('signupPerEmail');
  const forgotPerIp = limiter('forgotPerIp');
  const forgotPerEmail = limiter('forgotPerEmail');
  return {
    login: (ip: string, email: string): Promise<CountedAttempt> =>
      countAttempt([
        [loginPerIpAndEmail, `${ip}|${email}`],
        [loginPerIp, ip],
        [loginPerEmail, email],
      ]),
    signup: (ip: string, email: string): Promise<CountedAttempt> =>
      countAttempt([
        [signupPerIp, ip],
        [signupPerEmail, email],
      ]),
    forgotPassword: (ip: string, email: string): Promise<CountedAttempt> =>
      countAttempt([
        [forgotPerIp, ip],
        [forgotPerEmail, email],
      ]),
  };
}
