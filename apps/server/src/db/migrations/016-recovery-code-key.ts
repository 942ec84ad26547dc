import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A backup reads each table in keyset pages over one column, and two_factor_recovery_codes was
 * paged by `user_id`, which ten rows share: a page ending inside an account's codes skipped the
 * rest of them. It is now paged by `code_hash` (the SHA-256 of a random code), unique here so the
 * database guarantees what the paging relies on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('two_factor_recovery_codes_hash_key')
    .on('two_factor_recovery_codes')
    .column('code_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('two_factor_recovery_codes_hash_key').execute();
}
