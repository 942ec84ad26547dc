import { randomBytes } from 'node:crypto';
import { SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The security log and 'Sessioni attive' (docs/product.md, "Security log"):
 * - security_events: who signed in or failed to, changed a password, ended a session or changed
 *   an account, when (`at`, ISO UTC) and from where (`ip`, `user_agent`); `details` is a small
 *   JSON of non-secret facts. Kept 180 days. Indexes read it newest first, by account (as the
 *   subject or as the actor) and by type.
 * - sessions gain a public id (what 'Sessioni attive' names a session by: never the stored hash),
 *   the user agent and the address of the browser. Existing sessions get a random public id and
 *   no device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('security_events')
    // In the order of recording: it breaks the ties of `at`.
    .addColumn('id', sqlite ? 'integer' : 'bigint', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('at', 'varchar(24)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('email', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // Newest first, and the hourly purge of the oldest.
  await db.schema.createIndex('security_events_at_idx').on('security_events').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('security_events_user_idx')
    .on('security_events')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema
    .createIndex('security_events_actor_idx')
    .on('security_events')
    .columns(['actor_id', 'at'])
    .execute();
  await db.schema
    .createIndex('security_events_type_idx')
    .on('security_events')
    .columns(['type', 'at'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  const existing = await db.selectFrom('sessions').select('id_hash').execute();
  for (const row of existing) {
    await db
      .updateTable('sessions')
      .set({ public_id: randomBytes(16).toString('base64url') })
      .where('id_hash', '=', row.id_hash)
      .execute();
  }
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();
}

/** Back to 009, for a rollback of the app: the log is dropped (take a backup first), sessions stay open. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_public_id_idx').execute();
  for (const column of ['ip', 'user_agent', 'public_id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  await db.schema.dropTable('security_events').execute();
}
