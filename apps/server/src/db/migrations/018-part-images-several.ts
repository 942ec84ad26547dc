import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * part_images (and parts_bin_images) keep rows only for the parts with more than one photo: a
 * part's single photo is its `url_immagine` already (017 stored it twice), which `image_count`
 * (NULL) tells the readers, and the media cleanup asks the rows' covers too. Creating a part with
 * one photo then writes one row, not two, and editing it rewrites none. No column changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['part_images', 'parts_bin_images']) {
    await sql`delete from ${sql.table(table)} where part_id in (
      select part_id from ${sql.table(table)} group by part_id having count(*) = 1
    )`.execute(db);
  }
}

/** Back to 017's rule: every photo has its row, the single ones too (position 0). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`insert into part_images (part_id, position, url)
    select id, 0, url_immagine from parts
    where url_immagine is not null and image_count is null order by seq`.execute(db);
  await sql`insert into parts_bin_images (part_id, position, url)
    select b.id, 0, b.url_immagine from parts_bin b
    where b.url_immagine is not null
      and not exists (select 1 from parts_bin_images i where i.part_id = b.id)
    order by b.seq`.execute(db);
}
