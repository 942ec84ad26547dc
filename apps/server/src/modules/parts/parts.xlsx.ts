import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { CSV_COLUMNS, type Part } from '@magazzino/contract';

type Column = (typeof CSV_COLUMNS)[number];

/** Column widths (characters), so the sheet opens readable. */
const WIDTHS: Partial<Record<Column, number>> = {
  nome: 32,
  categoria: 18,
  codice: 16,
  condizione: 14,
  marca: 14,
};

/**
 * The export's row of a part, in CSV_COLUMNS order: peso, prezzo and anno as numbers, text as text
 * (a cell typed as text is never read as a formula, so nothing needs neutralising), an empty
 * optional field as an empty cell.
 */
export function partXlsxValues(part: Part): (string | number | null)[] {
  return CSV_COLUMNS.map((column) => {
    if (column === 'anno') return Number(part.annoImmatricolazione);
    return part[column] ?? null;
  });
}

/**
 * The whole export as an XLSX byte stream (exceljs's streaming writer): the header row, then the
 * parts chunk by chunk as the database hands them over. Rows are written only while the client
 * keeps reading, so memory stays flat however many parts there are; a failure mid-way destroys
 * the stream (the client sees a cut download, never a well-formed partial file).
 */
export function xlsxStream(parts: AsyncIterable<Part[]>): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded by the first XLSX export, not at start: exceljs takes 7 MB of heap once loaded.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Componenti', { views: [{ state: 'frozen', ySplit: 1 }] });
    CSV_COLUMNS.forEach((column, index) => {
      sheet.getColumn(index + 1).width = WIDTHS[column] ?? 12;
    });
    sheet.addRow([...CSV_COLUMNS]).commit();
    for await (const chunk of parts) {
      if (out.destroyed) return;
      for (const part of chunk) sheet.addRow(partXlsxValues(part)).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
