import { createHash } from 'node:crypto';
import { KNOWN_MIGRATIONS } from '../../db/backup-support.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ManifestSchema,
  parseEntryName,
  photoEntry,
  tableEntry,
  type ArchiveFile,
  type Manifest,
} from './archive-format.js';
import { readArchive, readWhole } from './archive-reader.js';
import { copiedTable } from './backup-scope.js';
import { backupErrors } from './backup.errors.js';

/** A manifest lists every file of the archive: ~150 bytes each, so this allows millions of photos. */
const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

/** A file as read from the archive. */
interface ReadFile extends ArchiveFile {
  /** Newline characters: a table file has one per row. */
  lines: number;
}

function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

/** The manifest's text, checked against its schema; a newer format is told apart from garbage. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw backupErrors.manifestInvalid('non è JSON valido');
  }
  const head = json as { format?: unknown; formatVersion?: unknown } | null;
  if (
    head?.format === ARCHIVE_FORMAT &&
    typeof head.formatVersion === 'number' &&
    head.formatVersion > ARCHIVE_FORMAT_VERSION
  ) {
    throw backupErrors.formatTooNew(head.formatVersion);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw backupErrors.manifestInvalid(
      issue ? `${issue.path.join('.') || 'radice'}: ${issue.message}` : 'forma non riconosciuta',
    );
  }
  return parsed.data;
}

function compare(name: string, read: ReadFile | undefined, expected: ArchiveFile): void {
  if (!read) throw backupErrors.fileMissing(name);
  if (read.bytes !== expected.bytes) {
    throw backupErrors.fileDoesNotMatch(
      name,
      `${read.bytes} byte, il manifesto ne dichiara ${expected.bytes}`,
    );
  }
  if (read.sha256 !== expected.sha256) throw backupErrors.fileDoesNotMatch(name, 'checksum SHA-256 diverso');
}

/**
 * Reads the whole archive and checks it before anything is restored: gzip and tar intact, a
 * manifest of a format this code reads, every file listed there present with its size and
 * SHA-256, every table file with as many rows as listed, no file the manifest does not list,
 * only tables a backup copies, and a schema version this code knows (an older one is fine).
 * Returns the manifest; throws a BackupError saying what is wrong.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const read = new Map<string, ReadFile>();
  let manifestText: string | undefined;
  for await (const entry of readArchive(file)) {
    const kind = parseEntryName(entry.name);
    if (!kind) throw backupErrors.unexpectedEntry(entry.name);
    if (read.has(entry.name) || (kind.kind === 'manifest' && manifestText !== undefined)) {
      throw backupErrors.duplicateEntry(entry.name);
    }
    if (kind.kind === 'manifest') {
      manifestText = (await readWhole(entry, MAX_MANIFEST_BYTES)).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    let lines = 0;
    for await (const chunk of entry.body) {
      hash.update(chunk);
      bytes += chunk.length;
      if (kind.kind === 'table') lines += countNewlines(chunk);
    }
    read.set(entry.name, { bytes, sha256: hash.digest('hex'), lines });
  }
  if (manifestText === undefined) throw backupErrors.manifestMissing();
  const manifest = parseManifest(manifestText);

  const listed = new Set<string>();
  const list = (name: string) => {
    if (listed.has(name)) throw backupErrors.manifestInvalid(`${name} è elencato due volte`);
    listed.add(name);
  };
  for (const table of manifest.tables) {
    if (!copiedTable(table.name)) throw backupErrors.tableNotCopied(table.name);
    const name = tableEntry(table.name);
    list(name);
    const found = read.get(name);
    compare(name, found, table);
    if (found && found.lines !== table.rows) {
      throw backupErrors.fileDoesNotMatch(
        name,
        `${found.lines} righe, il manifesto ne dichiara ${table.rows}`,
      );
    }
  }
  for (const photo of manifest.photos.files) {
    const name = photoEntry(photo.key);
    list(name);
    compare(name, read.get(name), photo);
  }
  for (const name of read.keys()) if (!listed.has(name)) throw backupErrors.fileNotListed(name);
  const photoBytes = manifest.photos.files.reduce((sum, photo) => sum + photo.bytes, 0);
  if (manifest.photos.count !== manifest.photos.files.length || manifest.photos.bytes !== photoBytes) {
    throw backupErrors.manifestInvalid('il numero o i byte delle foto non tornano con il loro elenco');
  }

  if (!KNOWN_MIGRATIONS.includes(manifest.schemaVersion)) {
    throw backupErrors.schemaTooNew(manifest.schemaVersion, KNOWN_MIGRATIONS.at(-1));
  }
  return manifest;
}
