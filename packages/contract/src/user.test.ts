import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import {
  ChangePasswordInputSchema,
  LoginInputSchema,
  PasswordSchema,
  UserUpdateInputSchema,
} from './user.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the password rule', () => {
  it('asks for at least 12 characters and takes any characters', () => {
    expect(LIMITS.passwordMin).toBe(12);
    expect(firstMessage(PasswordSchema.safeParse('12345678'))).toBe(
      'La password deve avere almeno 12 caratteri',
    );
    expect(firstMessage(PasswordSchema.safeParse(''))).toBe('La password è obbligatoria');
    expect(firstMessage(PasswordSchema.safeParse(undefined))).toBe('La password è obbligatoria');
    for (const password of ['abcdefghijkl', 'tre parole e uno spazio', 'àèìòù€ñç¿¡ßø', '          ab']) {
      expect(PasswordSchema.safeParse(password).success, password).toBe(true);
    }
  });

  it('counts characters as people do: an emoji or an accented letter is one', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters: too short; 128 emoji are 128 characters.
    expect(firstMessage(PasswordSchema.safeParse('🔧'.repeat(11)))).toBe(
      'La password deve avere almeno 12 caratteri',
    );
    expect(PasswordSchema.safeParse('🔧'.repeat(128)).success).toBe(true);
    expect(firstMessage(PasswordSchema.safeParse('🔧'.repeat(129)))).toBe(
      'La password può avere al massimo 128 caratteri',
    );
    expect(PasswordSchema.safeParse('p'.repeat(128)).success).toBe(true);
  });

  it('never applies to a sign-in: an older, shorter password still signs in', () => {
    expect(LoginInputSchema.safeParse({ email: 'a@b.it', password: 'corta' }).success).toBe(true);
  });

  it('wants a new password that differs from the current one', () => {
    const same = ChangePasswordInputSchema.safeParse({
      currentPassword: 'vecchia-password-1',
      newPassword: 'vecchia-password-1',
    });
    expect(same.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: 'La nuova password deve essere diversa da quella attuale',
    });
    expect(firstMessage(ChangePasswordInputSchema.safeParse({ currentPassword: '', newPassword: 'x' }))).toBe(
      'La password attuale è obbligatoria',
    );
  });
});

describe('account status', () => {
  it('lets an amministratore set attivo or disabilitato, never back to waiting', () => {
    expect(UserUpdateInputSchema.safeParse({ status: 'attivo' }).success).toBe(true);
    expect(firstMessage(UserUpdateInputSchema.safeParse({ status: 'in_attesa' }))).toBe(
      'Lo stato deve essere attivo o disabilitato',
    );
  });
});
