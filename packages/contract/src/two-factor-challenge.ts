// Without zod (like statuses.ts): the web app's sign-in screen needs this before any form schema,
// and the package is free of side effects, so a bundle that takes only this leaves zod out.
import type { TwoFactorChallenge } from './two-factor.js';

/** Whether a sign-in answer asks for the code (else it is the signed-in user). */
export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorChallenge {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as Partial<TwoFactorChallenge>).twoFactorRequired === true
  );
}
