import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Roles and account status (docs/product.md, "Roles"). Existing accounts stay active; the oldest
 * becomes amministratore and the others magazziniere, which is what every account could do
 * before. No CHECK constraint on the values: the code validates them, and a later state (an
 * account waiting for approval) must not need a table rebuild on SQLite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('magazziniere'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('attivo'))
    .execute();
  const first = await db
    .selectFrom('users')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (first)
    await db.updateTable('users').set({ role: 'amministratore' }).where('id', '=', first.id).execute();

  await db.schema
    .createTable('account_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('signup_role', 'varchar(20)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('account_settings')
    .values({ id: 1, signup_role: 'magazziniere', updated_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_settings').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
