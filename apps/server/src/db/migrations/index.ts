import type { Migration } from 'kysely';
import * as m001 from './001-parts.js';
import * as m002 from './002-accounts.js';
import * as m003 from './003-media.js';
import * as m004 from './004-search.js';
import * as m005 from './005-roles.js';
import * as m006 from './006-optional-fields.js';
import * as m007 from './007-security.js';
import * as m008 from './008-rate-limits.js';
import * as m009 from './009-lifecycle.js';
import * as m010 from './010-security-log.js';
import * as m011 from './011-two-factor.js';
import * as m012 from './012-count-lock-order.js';
import * as m013 from './013-vehicles.js';
import * as m014 from './014-fitment.js';
import * as m015 from './015-imports.js';
import * as m016 from './016-recovery-code-key.js';
import * as m017 from './017-part-images.js';
import * as m018 from './018-part-images-several.js';
import * as m019 from './019-seq-blocks.js';
import * as m020 from './020-count-shards.js';
import * as m021 from './021-two-character-terms.js';
import * as m022 from './022-in-stock-search-index.js';
import * as m023 from './023-word-search-index.js';
import * as m024 from './024-postgres-word-index.js';
import * as m025 from './025-pairs-with-j.js';
import * as m026 from './026-word-list-on-conflict.js';
import * as m027 from './027-word-index-spans.js';
import * as m028 from './028-search-index-automerge.js';
import * as m029 from './029-word-list-version.js';
import * as m030 from './030-stored-pair-text.js';

/**
 * Every migration, in order. Names are never changed once released: the database records them.
 * Add a new file `NNN-name.ts` and list it here.
 */
export const migrations: Record<string, Migration> = {
  '001-parts': m001,
  '002-accounts': m002,
  '003-media': m003,
  '004-search': m004,
  '005-roles': m005,
  '006-optional-fields': m006,
  '007-security': m007,
  '008-rate-limits': m008,
  '009-lifecycle': m009,
  '010-security-log': m010,
  '011-two-factor': m011,
  '012-count-lock-order': m012,
  '013-vehicles': m013,
  '014-fitment': m014,
  '015-imports': m015,
  '016-recovery-code-key': m016,
  '017-part-images': m017,
  '018-part-images-several': m018,
  '019-seq-blocks': m019,
  '020-count-shards': m020,
  '021-two-character-terms': m021,
  '022-in-stock-search-index': m022,
  '023-word-search-index': m023,
  '024-postgres-word-index': m024,
  '025-pairs-with-j': m025,
  '026-word-list-on-conflict': m026,
  '027-word-index-spans': m027,
  '028-search-index-automerge': m028,
  '029-word-list-version': m029,
  '030-stored-pair-text': m030,
};
