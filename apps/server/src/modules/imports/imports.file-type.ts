import type { ImportFormat } from '@magazzino/contract';

/** The End Of Central Directory record of a ZIP file, and the largest comment that may follow it. */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL_SIGNATURE = 0x02014b50;

/** What a file is, read from its bytes: a workbook, a text that may be a CSV, or neither. */
export type FileKind = ImportFormat | 'other';

/**
 * The names of a ZIP file's entries, read from its central directory (never decompressed), or
 * undefined when the bytes are not a well-formed ZIP.
 */
export function zipEntryNames(bytes: Buffer): string[] | undefined {
  if (bytes.length < EOCD_SIZE) return undefined;
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    const entries = bytes.readUInt16LE(at + 10);
    let offset = bytes.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let index = 0; index < entries; index += 1) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return undefined;
      const nameLength = bytes.readUInt16LE(offset + 28);
      const extraLength = bytes.readUInt16LE(offset + 30);
      const commentLength = bytes.readUInt16LE(offset + 32);
      const end = offset + 46 + nameLength;
      if (end > bytes.length) return undefined;
      names.push(bytes.toString('utf8', offset + 46, end));
      offset = end + extraLength + commentLength;
    }
    return names;
  }
  return undefined;
}

/** Bytes a text file never holds: NUL and the C0 controls other than tab, line breaks, form feed. */
function looksBinary(bytes: Buffer): boolean {
  const end = Math.min(bytes.length, 64 * 1024);
  for (let index = 0; index < end; index += 1) {
    const byte = bytes[index] ?? 0;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a) {
      return true;
    }
  }
  return false;
}

/** Names that promise a spreadsheet's binary format: such a file must be a real workbook. */
const WORKBOOK_NAME = /\.(xlsx|xlsm|xltx|xls|xlsb|ods)$/i;

/**
 * What an upload is, by its content: an XLSX is a ZIP holding `xl/workbook.xml`; a CSV is text
 * (no binary bytes) under a name that does not claim a workbook. Anything else (a photo, a
 * renamed text, a ZIP of other files, an old .xls) is 'other'.
 */
export function detectFileKind(bytes: Buffer, fileName: string): FileKind {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const names = zipEntryNames(bytes);
    return names?.includes('xl/workbook.xml') ? 'xlsx' : 'other';
  }
  if (WORKBOOK_NAME.test(fileName)) return 'other';
  return looksBinary(bytes) ? 'other' : 'csv';
}
