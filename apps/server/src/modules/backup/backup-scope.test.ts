import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PartInputSchema, type Part } from '@magazzino/contract';
import { login } from '../../../test/accounts.js';
import { sessionCookieOf, buildAppOn, testConfig } from '../../../test/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { appliedMigrations, KNOWN_MIGRATIONS, migrateDatabaseTo } from '../../db/backup-support.js';
import { openDatabase } from '../../db/dialect.js';
import { migrateDatabase } from '../../db/migrate.js';
import { systemClock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../accounts/passwords.js';
import { toNewRow } from '../parts/parts.mapper.js';
import { verifyArchive } from './archive-verify.js';
import { COMPUTED_COLUMNS, COPIED_TABLES, LEFT_OUT_TABLES, SIGN_IN_TABLES } from './backup-scope.js';
import { openConfigured } from './backup.command-support.js';
import { createBackup } from './backup.service.js';
import { restoreBackup } from './restore.service.js';

const databases: TestDatabase[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function freshDatabase(dialect: TestDatabase['dialect']): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect);
  databases.push(database);
  return database;
}

describe.each(DIALECTS)('what a backup carries, on %s', (dialect) => {
  it('places every table of the schema: copied, or left out with a reason', async () => {
    const database = await freshDatabase(dialect);
    const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      await migrateDatabase(handle);
      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      const placed = new Set([...COPIED_TABLES.map((table) => table.name), ...Object.keys(LEFT_OUT_TABLES)]);
      const unplaced = tables
        .filter((table) => !table.isView && !placed.has(table.name))
        // FTS5 keeps an index in shadow tables named after it (and fts5vocab tables read it).
        .filter((table) => !/^(parts_fts|parts_words|search_words_fts)_/u.test(table.name))
        .map((table) => table.name);
      expect(unplaced).toEqual([]);
      for (const table of SIGN_IN_TABLES) expect(LEFT_OUT_TABLES).toHaveProperty(table);
      // Every generated column is one a backup leaves out: carried, a restore could not insert it.
      const { rows } =
        dialect === 'postgres'
          ? await sql<{ name: string }>`select table_name || '.' || column_name as name
              from information_schema.columns
              where table_schema = current_schema() and is_generated = 'ALWAYS'`.execute(handle.db)
          : await sql<{ name: string }>`select m.name || '.' || x.name as name
              from sqlite_master as m, pragma_table_xinfo(m.name) as x
              where m.type = 'table' and x.hidden in (2, 3)`.execute(handle.db);
      const declared = Object.entries(COMPUTED_COLUMNS).flatMap(([table, columns]) =>
        columns.map((column) => `${table}.${column}`),
      );
      expect(rows.map((row) => row.name).sort()).toEqual(dialect === 'postgres' ? declared.sort() : []);
    } finally {
      await handle.close();
    }
  });

  it('pages every copied table by a column no two rows share (a shared one would skip rows at a page boundary)', async () => {
    const database = await freshDatabase(dialect);
    const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      await migrateDatabase(handle);
      const unique = await singleColumnUniqueKeys(handle.db, dialect);
      const tables = await handle.db.introspection.getTables();
      const notUnique = COPIED_TABLES.flatMap((table) => {
        const columns = tables
          .find((found) => found.name === table.name)
          ?.columns.map((column) => column.name);
        const key = table.orderBy.find((column) => columns?.includes(column));
        return key && unique.has(`${table.name}.${key}`) ? [] : [`${table.name}.${key ?? '?'}`];
      });
      expect(notUnique).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

/** `table.column` of every primary key or unique index made of that one column. */
async function singleColumnUniqueKeys(
  db: ReturnType<typeof openDatabase>['db'],
  dialect: TestDatabase['dialect'],
): Promise<Set<string>> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ key: string }>`
      select t.relname || '.' || a.attname as key
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
      where i.indisunique and i.indnatts = 1 and i.indpred is null`.execute(db);
    return new Set(rows.map((row) => row.key));
  }
  const keys = new Set<string>();
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${name})`.execute(db);
    const pk = columns.filter((column) => column.pk > 0);
    if (pk.length === 1 && pk[0]) keys.add(`${name}.${pk[0].name}`);
    const { rows: indexes } = await sql<{ name: string; unique: number; partial: number }>`
      select name, "unique", partial from pragma_index_list(${name})`.execute(db);
    for (const index of indexes.filter((found) => found.unique === 1 && found.partial === 0)) {
      const { rows: indexed } = await sql<{ name: string }>`
        select name from pragma_index_info(${index.name})`.execute(db);
      if (indexed.length === 1 && indexed[0]) keys.add(`${name}.${indexed[0].name}`);
    }
  }
  return keys;
}

/** A database at the schema one migration before the latest, with an account and parts in it. */
async function previousSchemaDatabase(
  dialect: TestDatabase['dialect'],
): Promise<{ database: TestDatabase; email: string }> {
  const database = await freshDatabase(dialect);
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    const previous = KNOWN_MIGRATIONS.at(-2);
    if (previous === undefined) throw new Error('only one migration: no previous schema');
    await migrateDatabaseTo(handle, previous);
    // The account as a row: today's account code may read tables the previous schema lacks.
    const email = 'anna@example.it';
    const now = new Date().toISOString();
    await handle.db
      .insertInto('users')
      .values({
        id: newId(Date.now()),
        email,
        username: 'Anna',
        password_hash: await hashPassword('password-di-prova'),
        role: 'amministratore',
        status: 'attivo',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Parts as the previous schema stores them: today's row without the columns of the latest migration.
    const rows = [0, 1, 2].map((index) => {
      const time = Date.parse('2024-01-01T00:00:00.000Z') + index * 1000;
      const input = PartInputSchema.parse(partInput({ nome: `Vecchio ricambio ${index}` }));
      const { prezzo_centesimi: _price, ...row } = toNewRow(input, newId(time), new Date(time).toISOString());
      return row;
    });
    await handle.db.insertInto('parts').values(rows).execute();
    return { database, email };
  } finally {
    await handle.close();
  }
}

describe('an archive of the previous schema', () => {
  async function archiveOf(database: TestDatabase): Promise<string> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    folders.push(folder);
    const archive = path.join(folder, 'vecchio.tar.gz');
    const stores = await openConfigured(testConfig(database));
    try {
      await createBackup(
        { handle: stores.handle, dataDir: database.dataDir, storage: stores.storage },
        { out: archive, clock: systemClock },
      );
    } finally {
      await stores.close();
    }
    return archive;
  }

  async function checkRestored(target: TestDatabase, email: string): Promise<void> {
    const app = await buildAppOn(target);
    try {
      const cookie = sessionCookieOf(await login(app, email, 'password-di-prova'));
      const parts = (await app.inject({ method: 'GET', url: '/api/componenti', headers: { cookie } })).json<
        Part[]
      >();
      expect(parts.map((part) => part.nome)).toEqual([
        'Vecchio ricambio 2',
        'Vecchio ricambio 1',
        'Vecchio ricambio 0',
      ]);
    } finally {
      await app.close();
    }
  }

  it.each(DIALECTS)(
    'fills a new %s database at its schema, then the migrations bring it up to date',
    async (to) => {
      const { database, email } = await previousSchemaDatabase('sqlite');
      const archive = await archiveOf(database);
      expect((await verifyArchive(archive)).schemaVersion).toBe(KNOWN_MIGRATIONS.at(-2));

      const target = await freshDatabase(to);
      const stores = await openConfigured(testConfig(target));
      try {
        const summary = await restoreBackup(archive, stores, { force: false });
        expect(summary.upgradedThrough).toBe(KNOWN_MIGRATIONS.at(-1));
        expect(await appliedMigrations(stores.handle.db)).toEqual(KNOWN_MIGRATIONS);
      } finally {
        await stores.close();
      }
      await checkRestored(target, email);
    },
  );

  it('goes into a database already at the latest schema when its rows fit', async () => {
    const { database, email } = await previousSchemaDatabase('postgres');
    const archive = await archiveOf(database);
    const target = await freshDatabase('sqlite');
    // Started once (its tables made, no data yet) before the restore.
    await (await buildAppOn(target)).close();
    const stores = await openConfigured(testConfig(target));
    try {
      expect((await restoreBackup(archive, stores, { force: false })).upgradedThrough).toBeUndefined();
    } finally {
      await stores.close();
    }
    await checkRestored(target, email);
  });
});
