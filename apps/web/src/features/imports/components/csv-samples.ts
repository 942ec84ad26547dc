import { useEffect, useState } from 'react';

/** How much of the file is read for the samples: the first rows are all the mapping needs. */
const HEAD_BYTES = 64 * 1024;

/** The separator of a CSV's header line: the one of ';' and ',' found more often outside quotes. */
function separatorOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/**
 * The records of a CSV text (quotes and doubled quotes honoured). With `complete` false the text
 * is a file's head, cut anywhere: its last record may be partial and is dropped.
 */
export function parseCsvHead(text: string, complete: boolean): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const separator = separatorOf(source);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (complete && (cell !== '' || record.length > 0)) records.push([...record, cell]);
  return records;
}

/**
 * Up to `count` non-empty values of each column, by the header the server gave it (`colonne`,
 * in file order), read from the head of a CSV file.
 */
export function csvSamples(
  text: string,
  complete: boolean,
  colonne: readonly string[],
  count = 3,
): Record<string, string[]> {
  const [, ...rows] = parseCsvHead(text, complete);
  const samples: Record<string, string[]> = Object.fromEntries(colonne.map((colonna) => [colonna, []]));
  for (const row of rows) {
    colonne.forEach((colonna, index) => {
      const value = (row[index] ?? '').trim();
      const list = samples[colonna];
      if (list && value !== '' && list.length < count) list.push(value);
    });
  }
  return samples;
}

/** The text of a blob, as UTF-8 (FileReader: every browser, and the tests' jsdom, has it). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(blob, 'utf-8');
  });
}

/**
 * A few values of each column of the CSV file the clerk has just chosen, read in the browser from
 * its first 64 KB (the server answers the headers only). Null for an Excel sheet, or after a
 * reload (the file is no longer at hand): the mapping then shows no samples column.
 */
export function useCsvSamples(
  file: File | undefined,
  colonne: readonly string[],
): Record<string, string[]> | null {
  const [samples, setSamples] = useState<Record<string, string[]> | null>(null);
  useEffect(() => {
    if (!file || /\.xlsx$/i.test(file.name)) return;
    let current = true;
    readText(file.slice(0, HEAD_BYTES)).then(
      (text) => {
        if (current) setSamples(csvSamples(text, file.size <= HEAD_BYTES, colonne));
      },
      () => {
        // Unreadable here: the mapping simply shows no samples.
      },
    );
    return () => {
      current = false;
    };
  }, [file, colonne]);
  return samples;
}
