import { describe, expect, it } from 'vitest';
import type { User } from '@magazzino/contract';
import { login, me } from '../../../test/accounts.js';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase } from '../../../test/migrations.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { hashSecret } from '../../modules/accounts/accounts.ports.js';
import { hashPassword } from '../../modules/accounts/passwords.js';

const DAY = 24 * 60 * 60 * 1000;
/** A password of the previous rules: 8 characters, and on the list of breached ones. */
const OLD_PASSWORD = '12345678';
/** Session cookie values of the previous version (43 base64url characters). */
const RECENT_SESSION = 'R'.repeat(43);
const ANCIENT_SESSION = 'A'.repeat(43);

describe.each(DIALECTS)('migration 007-security on %s', (dialect) => {
  /** A database of the previous version (migrations up to 006), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '006-optional-fields');

  it('keeps existing accounts, their old passwords and their sessions; a session past 30 days ends', async () => {
    const { db, migrator, database, close } = await previousVersion();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'anna',
        email: 'anna@example.it',
        username: 'Anna',
        password_hash: await hashPassword(OLD_PASSWORD),
        role: 'amministratore',
        status: 'attivo',
        created_at: at(-400 * DAY),
        updated_at: at(-400 * DAY),
      })
      .execute();
    const session = (id: string, createdAgo: number) => ({
      id_hash: hashSecret(id),
      user_id: 'anna',
      created_at: at(-createdAgo),
      // Slid by the previous version: 30 days from its last use, an hour ago.
      expires_at: at(30 * DAY - 3600_000),
      last_seen_at: at(-3600_000),
    });
    await db
      .insertInto('sessions')
      .values([session(RECENT_SESSION, 2 * DAY), session(ANCIENT_SESSION, 45 * DAY)])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('trusted_devices').selectAll().execute()).toEqual([]);
    await close();

    const upgraded = database;
    const app = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: upgraded.dataDir,
        DATABASE_URL: upgraded.databaseUrl,
        WEB_DIST: `${upgraded.dataDir}/no-web`,
      }),
      { logger: false },
    );
    try {
      await app.ready();
      expect((await me(app, `magazzino_sid=${RECENT_SESSION}`)).json<User>()).toMatchObject({ _id: 'anna' });
      // Signed in 45 days ago: past SESSION_MAX_DAYS, however recently used.
      expect((await me(app, `magazzino_sid=${ANCIENT_SESSION}`)).statusCode).toBe(401);
      // The password chosen under the previous rules still signs in (sign-in never checks the rule).
      const signedIn = await login(app, 'anna@example.it', OLD_PASSWORD);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.cookies.map((cookie) => cookie.name).sort()).toEqual([
        'magazzino_device',
        'magazzino_sid',
        'magazzino_signed_in',
      ]);
    } finally {
      await app.close();
    }
  });

  it('goes back down to 006, turning waiting accounts into disabled ones the previous version knows', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const created = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'bruno',
        email: 'bruno@example.it',
        username: 'Bruno',
        password_hash: 'x',
        role: 'magazziniere',
        status: 'in_attesa',
        created_at: created,
        updated_at: created,
      })
      .execute();
    expect((await migrator.migrateTo('006-optional-fields')).error).toBeUndefined();
    expect(await db.selectFrom('users').select(['id', 'status']).execute()).toEqual([
      { id: 'bruno', status: 'disabilitato' },
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
