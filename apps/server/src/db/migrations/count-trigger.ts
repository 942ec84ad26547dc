import { sql } from 'kysely';

/**
 * A table of counts kept by a trigger on `parts` (migrations 012 and 019): its trigger function,
 * its table and its key's columns. A key column holds, for each row of parts, the column of the same
 * name, or the expression `of` gives for it over the row's columns ('seq / 4096').
 */
export interface CountTrigger {
  fn: string;
  table: string;
  keys: readonly string[];
  of?: Readonly<Record<string, string>>;
}

/**
 * The statements that keep the count of `trigger`: take the old row's key off (and drop a count of
 * zero), add the new row's; and the key of a row, to compare two.
 *
 * With `shard` (an SQL expression, migration 020) the table holds several rows per key, one per
 * shard, and the count of a key is their sum: each statement writes the row of its own shard, which
 * may go below zero (a part counted in one shard, taken off in another).
 */
export function countStatements({ table, keys, of = {} }: CountTrigger, shard?: string) {
  const value = (record: 'old' | 'new', key: string) => `${record}.${of[key] ?? key}`;
  const row = (record: 'old' | 'new') => `(${keys.map((key) => value(record, key)).join(', ')})`;
  const where = keys.map((key) => `${key} = ${value('old', key)}`).join(' and ');
  const values = (record: 'old' | 'new') => keys.map((key) => value(record, key)).join(', ');
  if (shard !== undefined) {
    const columns = [...keys, 'shard'].join(', ');
    const change = (record: 'old' | 'new', delta: number) =>
      `insert into ${table} (${columns}, count) values (${values(record)}, ${shard}, ${delta})
          on conflict (${columns}) do update set count = ${table}.count + excluded.count;`;
    return {
      take: `${change('old', -1)}
        delete from ${table} where ${where} and shard = ${shard} and count = 0;`,
      add: change('new', 1),
      row,
    };
  }
  const take = `update ${table} set count = count - 1 where ${where};
        delete from ${table} where ${where} and count <= 0;`;
  const add = `insert into ${table} (${keys.join(', ')}, count) values (${values('new')}, 1)
          on conflict (${keys.join(', ')}) do update set count = ${table}.count + 1;`;
  return { take, add, row };
}

/**
 * The PostgreSQL trigger function of a count. Unordered, as 006 and 009 wrote them: the old row
 * first. Ordered (012 on): on an update whose new key sorts before the old one, the new row first,
 * so two transactions moving parts in opposite directions lock the two rows in one order.
 * `shard`: as countStatements.
 */
export function countFunction(trigger: CountTrigger, ordered: boolean, shard?: string) {
  const { take, add, row } = countStatements(trigger, shard);
  const body = ordered
    ? `if tg_op = 'UPDATE' and ${row('new')} < ${row('old')} then
        ${add}
        ${take}
        return null;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        ${take}
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        ${add}
      end if;`
    : `if tg_op in ('DELETE', 'UPDATE') then
        ${take}
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        ${add}
      end if;`;
  return sql.raw(`create or replace function ${trigger.fn}() returns trigger language plpgsql as $$
    begin
      ${body}
      return null;
    end
  $$`);
}
