import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ImportSummary } from '@magazzino/contract';
import type { Session } from './app.js';

/** A CSV file: UTF-8 with BOM, `;` separated (as Excel saves one in Italy), CRLF lines. */
export function csvFile(rows: readonly (readonly (string | number)[])[], separator = ';'): Buffer {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[";,\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from('\uFEFF' + rows.map((row) => row.map(cell).join(separator)).join('\r\n') + '\r\n');
}

/** A cell of a generated workbook: a value, or a formula with its cached result. */
export type XlsxCell = string | number | null | Date | { formula: string; result: number };

/** A real XLSX workbook made with exceljs, one sheet. */
export async function xlsxFile(rows: readonly (readonly XlsxCell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Foglio1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body with one file in `field`. */
export function importForm(
  data: Buffer,
  filename: string,
  { field = 'file', type = 'text/csv' } = {},
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

/** POST /api/importazioni with a file. */
export function upload(session: Session, data: Buffer, filename: string, type = 'text/csv') {
  return session.inject({
    method: 'POST',
    url: '/api/importazioni',
    payload: importForm(data, filename, { type }),
  });
}

/** Uploads a file that must be accepted, and returns its summary. */
export async function uploaded(session: Session, data: Buffer, filename: string): Promise<ImportSummary> {
  const res = await upload(session, data, filename);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportSummary>();
}

/** Polls GET /api/importazioni/{id} until the import is no longer in_corso (as the web does). */
export async function finished(session: Session, id: string, timeoutMs = 60_000): Promise<ImportSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await session.inject({ method: 'GET', url: `/api/importazioni/${id}` });
    expect(res.statusCode).toBe(200);
    const summary = res.json<ImportSummary>();
    if (summary.stato !== 'in_corso') return summary;
    if (Date.now() > deadline) throw new Error(`import ${id} still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
