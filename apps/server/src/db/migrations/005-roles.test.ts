import { describe, expect, it } from 'vitest';
import type { User, UserAccount } from '@magazzino/contract';
import { login, me, newUserInput, signup } from '../../../test/accounts.js';
import { DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { previousVersionDatabase } from '../../../test/migrations.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { hashSecret } from '../../modules/accounts/accounts.ports.js';
import { hashPassword } from '../../modules/accounts/passwords.js';

const PASSWORD = 'password-di-sempre';
/** A session cookie value of the previous version (43 base64url characters). */
const OLD_SESSION = 'S'.repeat(43);

describe.each(DIALECTS)('migration 005-roles on %s', (dialect) => {
  /** A database of the previous version (migrations up to 004), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '004-search');

  function appOn(upgraded: TestDatabase) {
    return buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: upgraded.dataDir,
        DATABASE_URL: upgraded.databaseUrl,
        WEB_DIST: `${upgraded.dataDir}/no-web`,
      }),
      { logger: false },
    );
  }

  it('makes the oldest existing account amministratore and the others magazziniere, all active, sessions kept', async () => {
    const { db, migrator, database, close } = await previousVersion();
    const passwordHash = await hashPassword(PASSWORD);
    const user = (id: string, createdAt: string) => ({
      id,
      email: `${id}@example.it`,
      username: id,
      password_hash: passwordHash,
      created_at: createdAt,
      updated_at: createdAt,
    });
    // Inserted out of creation order: the oldest by creation time is the first account.
    await db
      .insertInto('users')
      .values([
        user('giulia', '2024-03-01T08:00:00.000Z'),
        user('mario', '2024-01-10T08:00:00.000Z'),
        user('luca', '2024-02-01T08:00:00.000Z'),
      ])
      .execute();
    await db
      .insertInto('sessions')
      .values({
        id_hash: hashSecret(OLD_SESSION),
        user_id: 'luca',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        last_seen_at: new Date().toISOString(),
      })
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('users').select(['id', 'role', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'giulia', role: 'magazziniere', status: 'attivo' },
      { id: 'luca', role: 'magazziniere', status: 'attivo' },
      { id: 'mario', role: 'amministratore', status: 'attivo' },
    ]);
    expect(await db.selectFrom('account_settings').select(['id', 'signup_role']).execute()).toEqual([
      { id: 1, signup_role: 'magazziniere' },
    ]);
    await close();

    // The upgraded database, served by the app as it is now.
    const upgraded = database;
    const app = await appOn(upgraded);
    try {
      await app.ready();
      const luca = await me(app, `magazzino_sid=${OLD_SESSION}`);
      expect(luca.statusCode).toBe(200);
      expect(luca.json<User>()).toMatchObject({ _id: 'luca', role: 'magazziniere' });
      const mario = await login(app, 'mario@example.it', PASSWORD);
      expect(mario.json<User>().role).toBe('amministratore');
      const cookie = String(mario.headers['set-cookie']).split(';')[0] ?? '';
      const list = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
      expect(list.json<UserAccount[]>().map((account) => account._id)).toEqual(['mario', 'luca', 'giulia']);
      // Not a new installation: a sign-up gets the default role (and, since 007, waits for approval).
      const input = newUserInput();
      expect((await signup(app, input)).statusCode).toBe(202);
      expect((await app.users.list()).find((account) => account.email === input.email)).toMatchObject({
        role: 'magazziniere',
      });
    } finally {
      await app.close();
    }
  });

  it('leaves an empty installation for its first account to take, and goes back down to 004', async () => {
    const { db, migrator, database, close } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect((await migrator.migrateTo('004-search')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await close();

    const upgraded = database;
    const app = await appOn(upgraded);
    try {
      await app.ready();
      expect((await signup(app, newUserInput())).json<User>().role).toBe('amministratore');
    } finally {
      await app.close();
    }
  });
});
