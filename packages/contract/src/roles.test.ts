import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, ROLE_LABELS, ROLE_PERMISSIONS, ROLES } from './roles.js';
import { RoleSchema } from './user.js';
import { UserUpdateInputSchema } from './user.js';

describe('roles', () => {
  it('orders the roles by what they may do: each holds all of the next one', () => {
    const [admin, clerk, reader] = ROLES.map((role) => new Set<string>(ROLE_PERMISSIONS[role]));
    expect([...(admin ?? [])].sort()).toEqual([...PERMISSIONS].sort());
    for (const permission of clerk ?? []) expect(admin?.has(permission)).toBe(true);
    for (const permission of reader ?? []) expect(clerk?.has(permission)).toBe(true);
    expect(hasPermission('sola_lettura', 'parts:read')).toBe(true);
    expect(hasPermission('sola_lettura', 'parts:write')).toBe(false);
    expect(hasPermission('magazziniere', 'users:manage')).toBe(false);
  });

  it('names every role in Italian and refuses unknown ones with an Italian message', () => {
    expect(ROLES.map((role) => ROLE_LABELS[role])).toEqual([
      'Amministratore',
      'Magazziniere',
      'Sola lettura',
    ]);
    const parsed = RoleSchema.safeParse('sola lettura');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Il ruolo deve essere amministratore, magazziniere o sola_lettura',
    );
    expect(UserUpdateInputSchema.parse({ status: 'disabilitato', extra: 1 })).toEqual({
      status: 'disabilitato',
    });
  });
});
