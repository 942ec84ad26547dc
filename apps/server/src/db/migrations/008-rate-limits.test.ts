import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';

describe.each(DIALECTS)('migration 008-rate-limits on %s', (dialect) => {
  /** A database of the previous version (migrations up to 007), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '007-security');

  const tableExists = async (db: AnyDb, name: string) =>
    (await db.introspection.getTables()).some((table) => table.name === name);

  it('adds the counters table and the database clock, in milliseconds since the epoch', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const before = Date.now();
    const clock = await db.selectFrom('rate_limit_clock').select('now_ms').executeTakeFirstOrThrow();
    // The database server is this machine here: its clock reads as ours, to the millisecond.
    expect(Number(clock.now_ms)).toBeGreaterThanOrEqual(before - 5);
    expect(Number(clock.now_ms)).toBeLessThanOrEqual(Date.now() + 5);
    expect(Number.isInteger(Number(clock.now_ms))).toBe(true);

    const email = 'loginPerIpAndEmail:203.0.113.9|'.padEnd(300, 'x');
    await db
      .insertInto('rate_limit_windows')
      .values({ key: email, count: 3, reset_at: Date.now() + 15 * 60_000 })
      .execute();
    const row = await db.selectFrom('rate_limit_windows').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: email, count: 3 });
    // bigint milliseconds come back as numbers, past 2^32.
    expect(typeof row.reset_at).toBe('number');
    await expect(
      db.insertInto('rate_limit_windows').values({ key: email, count: 1, reset_at: 0 }).execute(),
    ).rejects.toThrow();
  });

  it('goes back down to 007 without its table and view, and up again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await tableExists(db, 'rate_limit_windows')).toBe(true);
    expect((await migrator.migrateTo('007-security')).error).toBeUndefined();
    expect(await tableExists(db, 'rate_limit_windows')).toBe(false);
    expect(await tableExists(db, 'rate_limit_clock')).toBe(false);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await tableExists(db, 'rate_limit_clock')).toBe(true);
  });
});
