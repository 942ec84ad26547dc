import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Two-factor sign-in (docs/product.md, "Two-factor sign-in"):
 * - two_factor: one row per account that started or finished enrolment. `secret` is the TOTP
 *   secret (base32) the server needs to check codes (docs/architecture.md says why it is kept
 *   as it is); `enabled_at` null while the enrolment waits for its first code, until
 *   `pending_expires_at`; `last_used_step` the 30-second step of the last code accepted, so a
 *   code is never accepted twice.
 * - two_factor_recovery_codes: the ten codes of an account, only their SHA-256; `used_at` once used.
 * - two_factor_challenges: a sign-in whose password was right and that waits for its code; the
 *   cookie holds a random id, the row its SHA-256, `failures` the wrong codes given so far.
 * - account_settings.two_factor_required: the amministratore's "required for every account"
 *   (0 or 1 on both dialects).
 * Nothing existing changes: every account goes on signing in with its password alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(24)')
    .addColumn('pending_expires_at', 'varchar(24)')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(24)')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_user_idx')
    .on('two_factor_challenges')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_expires_idx')
    .on('two_factor_challenges')
    .column('expires_at')
    .execute();
  await db.schema
    .alterTable('account_settings')
    .addColumn('two_factor_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_settings').dropColumn('two_factor_required').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
