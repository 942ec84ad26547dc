import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Keys per query: well under SQLite's bound-parameter limit. */
const KEY_BATCH = 500;

/**
 * The ids of the parts whose code, reduced to letters and digits and folded (`codice_key`,
 * indexed), is one of `keys`: for each key, every part that has it (none, one or several).
 */
export async function findIdsByCodeKeys(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const wanted = [...new Set(keys.filter((key) => key !== ''))];
  for (let start = 0; start < wanted.length; start += KEY_BATCH) {
    const rows = await db
      .selectFrom('parts')
      .select(['id', 'codice_key'])
      .where('codice_key', 'in', wanted.slice(start, start + KEY_BATCH))
      .execute();
    for (const row of rows) {
      found.set(row.codice_key, [...(found.get(row.codice_key) ?? []), row.id]);
    }
  }
  return found;
}
