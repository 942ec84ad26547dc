/**
 * Which tables a backup carries, and why the others are left out. Backup is cross-cutting by
 * nature: it copies every module's rows as plain values, through its own repository, without
 * knowing what they mean. Every table of the schema is named here, one way or the other; a test
 * (backup-scope.test.ts) fails when a migration adds a table nobody has placed yet.
 */

/** A table whose rows go into the archive. */
export interface CopiedTable {
  name: string;
  /** What one and several of its rows are, in Italian, for the messages of the commands. */
  label: { one: string; many: string };
  /**
   * The key the rows are exported in order of (keyset pages); the first of these the table has
   * (an archive of an older schema may lack the newer key).
   */
  orderBy: readonly string[];
  /**
   * The migrations insert its rows themselves (the one settings row): a restore replaces them,
   * and they do not make a database count as holding data.
   */
  seededByMigrations?: boolean;
  /** A column the database numbers (identity, AUTOINCREMENT): restored as is, the counter moved past it. */
  identity?: string;
  /**
   * Another table's counter whose numbers this table also holds (a part in the bin keeps the seq
   * `parts` gave it, and its code with it): once these rows are in, that counter moves past them too.
   */
  holdsNumbersOf?: { table: string; column: string; own: string };
  /** Columns naming stored objects (photos) the archive must carry along with the row. */
  photoColumns?: readonly string[];
}

/**
 * Copied, in the order a restore inserts them (users first: the two-factor rows refer to them by
 * a foreign key, as sessions would).
 */
export const COPIED_TABLES: readonly CopiedTable[] = [
  { name: 'users', label: { one: 'utente', many: 'utenti' }, orderBy: ['id'] },
  // Two-factor sign-in (migration 011): an account restored without it would sign in with its
  // password alone. The secrets travel like the password hashes beside them.
  {
    name: 'two_factor',
    label: { one: 'verifica in due passaggi', many: 'verifiche in due passaggi' },
    orderBy: ['user_id'],
  },
  {
    name: 'two_factor_recovery_codes',
    label: { one: 'codice di recupero', many: 'codici di recupero' },
    // One column: a backup's keyset pages compare one; the hashes of random codes are unique.
    orderBy: ['code_hash'],
  },
  // The security log (migration 010), kept 180 days: a restore keeps who did what until then.
  {
    name: 'security_events',
    label: { one: 'evento di sicurezza', many: 'eventi di sicurezza' },
    orderBy: ['id'],
    identity: 'id',
  },
  {
    name: 'account_settings',
    label: { one: 'impostazione', many: 'impostazioni' },
    orderBy: ['id'],
    seededByMigrations: true,
  },
  // Every image row, used or not yet (an upload whose form is still open): the cleanup decides
  // about them after a restore as it did before.
  {
    name: 'media',
    label: { one: 'immagine', many: 'immagini' },
    orderBy: ['hash'],
    photoColumns: ['display_key', 'thumbnail_key'],
  },
  // Donor vehicles and their photos (migration 013), before the parts that may refer to them.
  { name: 'vehicles', label: { one: 'veicolo', many: 'veicoli' }, orderBy: ['id'] },
  {
    name: 'vehicle_images',
    label: { one: 'foto di un veicolo', many: 'foto dei veicoli' },
    orderBy: ['seq'],
    identity: 'seq',
  },
  // seq kept: it is the order of registration every list follows.
  {
    name: 'parts',
    label: { one: 'componente', many: 'componenti' },
    orderBy: ['seq', 'id'],
    identity: 'seq',
  },
  // The vehicles each part also fits (migration 014), after the parts they belong to.
  {
    name: 'part_fitments',
    label: { one: 'compatibilità', many: 'compatibilità' },
    orderBy: ['seq'],
    identity: 'seq',
  },
  // The photos of the parts with more than one, in order (migrations 017, 018: a single photo is
  // the part's url_immagine alone); the files travel with the media rows.
  {
    name: 'part_images',
    label: { one: 'foto di componenti con più foto', many: 'foto di componenti con più foto' },
    orderBy: ['seq'],
    identity: 'seq',
  },
  // The history of every part, and the deleted parts still in the bin (migration 009).
  {
    name: 'part_events',
    label: { one: 'modifica', many: 'modifiche' },
    orderBy: ['seq'],
    identity: 'seq',
  },
  {
    name: 'parts_bin',
    label: { one: 'componente nel cestino', many: 'componenti nel cestino' },
    orderBy: ['id'],
    // Its parts come back with their seq (their code, R-004213): no new part may be given one.
    holdsNumbersOf: { table: 'parts', column: 'seq', own: 'seq' },
  },
  // The photos of the parts in the bin with more than one (migrations 017, 018), kept by the media
  // cleanup until a purge (a single photo is the bin row's url_immagine).
  {
    name: 'parts_bin_images',
    label: {
      one: 'foto di componenti con più foto nel cestino',
      many: 'foto di componenti con più foto nel cestino',
    },
    orderBy: ['seq'],
    identity: 'seq',
  },
  // The column mappings remembered per set of headers (migration 015): a restored warehouse
  // offers the same mapping for the same spreadsheet.
  {
    name: 'import_mappings',
    label: { one: 'mappatura di importazione', many: 'mappature di importazione' },
    orderBy: ['header_key'],
  },
];

/**
 * Columns of a copied table that the database computes from the row's others (generated columns):
 * never carried, so that an archive fits either database, and a restore's inserts compute them
 * afresh. PostgreSQL's `parts.pair_text` (migration 030) is the text its index of pairs reads.
 */
export const COMPUTED_COLUMNS: Readonly<Record<string, readonly string[]>> = { parts: ['pair_text'] };

/**
 * Tables emptied by `restore --force` besides the copied ones: sign-in state bound to browsers
 * and mailboxes. Restoring them would bring back sessions and devices ended since the backup
 * (a sign-out, a password change, an account disabled); after a restore everyone signs in again.
 */
export const SIGN_IN_TABLES: readonly string[] = [
  'sessions',
  'password_resets',
  'trusted_devices',
  'two_factor_challenges',
];

/**
 * A table of counts kept by triggers on another one (`count` rows per value of its `keys`). A
 * restore that loads with the triggers off (db/backup-support.ts, `setRowTriggers`) counts it
 * afresh, by the keys the table has at the archive's schema (part_category_counts is per category
 * and status since migration 009, per category before).
 */
export interface DerivedCounts {
  table: string;
  source: string;
  keys: readonly string[];
  /** Keys that are not columns of `source` but an expression over them (SQL of both dialects). */
  computed?: Readonly<Record<string, string>>;
}

export const DERIVED_COUNTS: readonly DerivedCounts[] = [
  { table: 'part_category_counts', source: 'parts', keys: ['categoria', 'stato'] },
  { table: 'part_condition_counts', source: 'parts', keys: ['condizione'] },
  {
    table: 'part_seq_blocks',
    source: 'parts',
    keys: ['block', 'stato'],
    // The block of 4,096 seqs, as migration 019's triggers count it (parts.tables.ts, SEQ_BLOCK_SIZE).
    computed: { block: 'seq / 4096' },
  },
];

/** Every table of the schema that is not copied, and why (views hold no rows of their own). */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  sessions: 'sign-in state: see SIGN_IN_TABLES',
  password_resets: 'single-use tokens mailed out: see SIGN_IN_TABLES',
  trusted_devices: 'device cookies of the browsers: see SIGN_IN_TABLES',
  two_factor_challenges: 'sign-ins waiting for their code, five minutes at most: see SIGN_IN_TABLES',
  part_category_counts: 'derived: DERIVED_COUNTS, rebuilt by a restore',
  part_condition_counts: 'derived: DERIVED_COUNTS, rebuilt by a restore',
  part_seq_blocks: 'derived: DERIVED_COUNTS, rebuilt by a restore',
  parts_fts:
    'derived: the SQLite search index of the parts in stock, and parts_fts_out of the others (with their parts_fts_* tables), kept by the triggers on parts',
  parts_words:
    'derived: the word index of the parts, kept by the triggers on parts (SQLite: the parts in stock, and parts_words_out the others, with their parts_words_* tables; PostgreSQL, migrations 024 and 027: every part, its words tagged by span, made afresh by a restore)',
  search_words:
    'derived: the words of the parts (migrations 023 and 024), listed by the triggers on parts as a restore writes them (PostgreSQL: by its rebuild of parts_words)',
  search_words_fts: 'derived: the trigram index of search_words, kept by its trigger',
  search_words_version:
    'derived: PostgreSQL (migration 029), the version of search_words, raised by its trigger; never copied, so it only grows',
  imports: 'working state: import jobs of the last 7 days (migration 015), useless without their files',
  import_files: 'working state: the uploaded spreadsheets of imports, purged after 7 days',
  import_rejects: 'working state: the rows an import refused, purged with it after 7 days',
  rate_limit_windows: 'transient: attempt counters of the rate limits, ended within minutes by themselves',
  kysely_migration: 'the migrations applied: the archive records the last one as its schema version',
  kysely_migration_lock: 'the migrations’ lock',
};

/** The copied table of this name, if it is one. */
export function copiedTable(name: string): CopiedTable | undefined {
  return COPIED_TABLES.find((table) => table.name === name);
}

/** "1 componente", "1.000 componenti". */
export function countOf(table: string, rows: number): string {
  const label = copiedTable(table)?.label;
  const noun = label ? (rows === 1 ? label.one : label.many) : table;
  return `${new Intl.NumberFormat('it-IT').format(rows)} ${noun}`;
}
