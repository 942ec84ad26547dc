import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';

describe.each(DIALECTS)('migration 011-two-factor on %s', (dialect) => {
  /** A database of the previous version (migrations up to 010), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '010-security-log');

  const tableNames = async (db: AnyDb) => (await db.introspection.getTables()).map((table) => table.name);

  async function addUser(db: AnyDb) {
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'anna',
        email: 'anna@example.it',
        username: 'Anna',
        password_hash: 'x',
        role: 'amministratore',
        status: 'attivo',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it('leaves every account on its password alone, not required, and goes with the account', async () => {
    const { db, migrator } = await previousVersion();
    await addUser(db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('account_settings').select('two_factor_required').execute()).toEqual([
      { two_factor_required: 0 },
    ]);
    for (const table of ['two_factor', 'two_factor_recovery_codes', 'two_factor_challenges']) {
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    const now = new Date().toISOString();
    await db
      .insertInto('two_factor')
      .values({ user_id: 'anna', secret: 'JBSWY3DPEHPK3PXP', created_at: now, last_used_step: 59_000_000 })
      .execute();
    await db
      .insertInto('two_factor_recovery_codes')
      .values({ user_id: 'anna', code_hash: 'a'.repeat(64), created_at: now })
      .execute();
    // One code hash per account: the same twice is refused.
    await expect(
      db
        .insertInto('two_factor_recovery_codes')
        .values({ user_id: 'anna', code_hash: 'a'.repeat(64), created_at: now })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('two_factor_challenges')
      .values({ id_hash: 'b'.repeat(64), user_id: 'anna', created_at: now, expires_at: now })
      .execute();
    expect(await db.selectFrom('two_factor_challenges').select('failures').execute()).toEqual([
      { failures: 0 },
    ]);
    expect(
      Number(
        (await db.selectFrom('two_factor').select('last_used_step').executeTakeFirstOrThrow()).last_used_step,
      ),
    ).toBe(59_000_000);
    await db.deleteFrom('users').where('id', '=', 'anna').execute();
    for (const table of ['two_factor', 'two_factor_recovery_codes', 'two_factor_challenges']) {
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
  });

  it('goes back down to 010 without its tables and setting, and up again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('010-security-log')).error).toBeUndefined();
    expect(await tableNames(db)).not.toContain('two_factor');
    const columns = (await db.introspection.getTables()).find(
      (table) => table.name === 'account_settings',
    )?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('two_factor_required');
    expect(await db.selectFrom('account_settings').select('signup_role').execute()).toHaveLength(1);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await tableNames(db)).toEqual(expect.arrayContaining(['two_factor', 'two_factor_challenges']));
  });
});
