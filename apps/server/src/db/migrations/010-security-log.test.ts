import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';

const columnsOf = async (db: AnyDb, table: string) =>
  (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];

describe.each(DIALECTS)('migration 010-security-log on %s', (dialect) => {
  /** A database of the previous version (migrations up to 009), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '009-lifecycle');

  async function oldSession(db: AnyDb, idHash: string) {
    const now = '2025-05-01T08:00:00.000Z';
    await db
      .insertInto('sessions')
      .values({ id_hash: idHash, user_id: 'u1', created_at: now, expires_at: now, last_seen_at: now })
      .execute();
  }

  it('gives every open session its own public id, no device, and adds an empty log', async () => {
    const { db, migrator } = await previousVersion();
    const now = '2025-05-01T08:00:00.000Z';
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'anna@example.test',
        username: 'Anna',
        password_hash: 'x',
        role: 'amministratore',
        status: 'attivo',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await oldSession(db, 'a'.repeat(64));
    await oldSession(db, 'b'.repeat(64));
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const sessions = await db.selectFrom('sessions').select(['public_id', 'user_agent', 'ip']).execute();
    expect(sessions).toHaveLength(2);
    const ids = sessions.map((s) => String(s.public_id));
    expect(new Set(ids).size).toBe(2);
    for (const session of sessions) {
      expect(String(session.public_id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(session).toMatchObject({ user_agent: null, ip: null });
    }
    // Public ids are unique in the database, too.
    await expect(
      db.updateTable('sessions').set({ public_id: ids[0] }).where('public_id', '=', ids[1]).execute(),
    ).rejects.toThrow();

    await db
      .insertInto('security_events')
      .values({ at: now, type: 'accesso_riuscito', user_id: 'u1', actor_id: 'u1' })
      .execute();
    expect(await db.selectFrom('security_events').selectAll().executeTakeFirst()).toMatchObject({
      type: 'accesso_riuscito',
      details: '{}',
      email: null,
      ip: null,
    });
  });

  it('goes back down to 009 without the log and the new session columns, and up again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columnsOf(db, 'sessions')).toContain('public_id');
    expect((await migrator.migrateTo('009-lifecycle')).error).toBeUndefined();
    expect(await columnsOf(db, 'security_events')).toEqual([]);
    expect(await columnsOf(db, 'sessions')).not.toContain('public_id');
    expect(await columnsOf(db, 'sessions')).not.toContain('user_agent');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columnsOf(db, 'security_events')).toContain('details');
  });
});
