import { requiredText } from './common.js';
import { LIMITS } from './limits.js';

/** The largest registration year accepted: next year, computed when validating. */
export function maxRegistrationYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

/**
 * A year as the forms take it: 4 digits, from LIMITS.annoMin to next year (a number is read as its
 * text), messages naming the field (`subject` with its article: "L'anno iniziale").
 */
export function yearText(subject: string, feminine = false) {
  return requiredText(subject, 4, feminine)
    .regex(/^\d{4}$/, { error: `${subject} deve essere un anno di 4 cifre` })
    .refine((year) => Number(year) >= LIMITS.annoMin && Number(year) <= maxRegistrationYear(), {
      error: () => `${subject} deve essere compreso tra ${LIMITS.annoMin} e ${maxRegistrationYear()}`,
    });
}

/** A number given for a year is read as its text (2004 → '2004'). */
export function yearFromNumber(value: unknown): unknown {
  return typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
}
