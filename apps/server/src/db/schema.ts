import type { PartsTables } from '../modules/parts/parts.tables.js';
import type { AccountsTables } from '../modules/accounts/accounts.tables.js';
import type { MediaTables } from '../modules/media/media.tables.js';
import type { RateLimitTables } from '../plugins/rate-limit.tables.js';
import type { VehiclesTables } from '../modules/vehicles/vehicles.tables.js';
import type { ImportsTables } from '../modules/imports/imports.tables.js';

/**
 * The whole database, as Kysely sees it: each module declares its own tables once
 * (`<module>.tables.ts`) and they are joined here, with the infrastructure's (`plugins/*.tables.ts`).
 */
export interface Database
  extends PartsTables, AccountsTables, MediaTables, RateLimitTables, ImportsTables, VehiclesTables {}
