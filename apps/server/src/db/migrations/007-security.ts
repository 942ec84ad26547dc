import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Security (README, "Sicurezza"): the devices a user signed in from (device cookies against
 * lock-outs). Nothing else changes shape: an account waiting for approval is one more value of
 * `users.status` (a text column with no CHECK, see 005), and the absolute lifetime of a session
 * is read from `sessions.created_at`. Existing accounts, passwords and sessions keep working;
 * a session older than SESSION_MAX_DAYS ends at its next use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trusted_devices')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').column('user_id').execute();
  await db.schema
    .createIndex('trusted_devices_expires_idx')
    .on('trusted_devices')
    .column('expires_at')
    .execute();
  // 'Utenti' lists the accounts waiting for approval first: few rows, but read on every visit.
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_status_idx').execute();
  await db.schema.dropTable('trusted_devices').execute();
  // The previous version knows no waiting accounts: they become disabled ones, which it shows.
  await db.updateTable('users').set({ status: 'disabilitato' }).where('status', '=', 'in_attesa').execute();
}
