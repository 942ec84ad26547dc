import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Asks the database for the smallest possible answer; rejects when it cannot reply. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
