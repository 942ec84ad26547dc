import { describe, expect, it } from 'vitest';
import { hasPermission, ROLES, TWO_FACTOR_SETUP_PERMISSIONS } from './roles.js';
import {
  formatRecoveryCode,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  TwoFactorLoginInputSchema,
  TwoFactorRequiredInputSchema,
} from './two-factor.js';
import { isTwoFactorChallenge } from './two-factor-challenge.js';

const messageOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('two-factor inputs', () => {
  it('takes the 6 digits of the app, spaced or not, and names the field in Italian otherwise', () => {
    expect(TwoFactorCodeInputSchema.parse({ codice: ' 123 456 ' })).toEqual({ codice: '123 456' });
    expect(messageOf(TwoFactorCodeInputSchema.safeParse({}))).toEqual(['codice: Il codice è obbligatorio']);
    expect(messageOf(TwoFactorCodeInputSchema.safeParse({ codice: '   ' }))).toEqual([
      'codice: Il codice è obbligatorio',
    ]);
    expect(messageOf(TwoFactorCodeInputSchema.safeParse({ codice: '12345' }))).toEqual([
      "codice: Il codice deve avere 6 cifre: lo trovi nell'app di autenticazione",
    ]);
    expect(messageOf(TwoFactorCodeInputSchema.safeParse({ codice: 123456 }))).toEqual([
      'codice: Il codice deve essere un testo',
    ]);
    // A recovery code does not confirm an enrolment or give new codes.
    expect(TwoFactorCodeInputSchema.safeParse({ codice: 'abcd-efgh-jk23' }).success).toBe(false);
  });

  it('takes a recovery code at sign-in and to turn it off, in any case and spacing', () => {
    for (const codice of ['123456', 'abcd-efgh-jk23', 'ABCD EFGH JK23', 'abcdefghjk23']) {
      expect(TwoFactorLoginInputSchema.safeParse({ codice }).success, codice).toBe(true);
    }
    expect(messageOf(TwoFactorLoginInputSchema.safeParse({ codice: 'abcd-efgh' }))).toEqual([
      'codice: Il codice deve avere 6 cifre, oppure essere un codice di recupero come abcd-efgh-jk23',
    ]);
    expect(messageOf(TwoFactorDisableInputSchema.safeParse({ codice: '123456' }))).toEqual([
      'password: La password è obbligatoria',
    ]);
    expect(formatRecoveryCode('ABCDEFGHJK23')).toBe('abcd-efgh-jk23');
  });

  it('tells a code request from a signed-in user, and wants a boolean for the switch', () => {
    expect(isTwoFactorChallenge({ twoFactorRequired: true, message: '', expiresAt: '' })).toBe(true);
    expect(isTwoFactorChallenge({ _id: 'u', email: 'a@b.it' })).toBe(false);
    expect(messageOf(TwoFactorRequiredInputSchema.safeParse({ required: 'sì' }))).toEqual([
      'required: Indica se la verifica in due passaggi è obbligatoria per tutti (true o false)',
    ]);
  });

  it('lets every role set up its own two-factor sign-in, which is all a session waiting for it may do', () => {
    for (const role of ROLES) {
      for (const permission of TWO_FACTOR_SETUP_PERMISSIONS)
        expect(hasPermission(role, permission)).toBe(true);
    }
    expect(TWO_FACTOR_SETUP_PERMISSIONS).not.toContain('parts:read');
  });
});
