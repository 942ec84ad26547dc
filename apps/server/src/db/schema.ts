import type { PartsTables } from '../modules/parts/parts.tables.js';

/**
 * The whole database, as Kysely sees it: each module declares its own tables once
 * (`<module>.tables.ts`) and they are joined here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- joined from the modules
export interface Database extends PartsTables {}
