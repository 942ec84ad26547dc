import { describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { csvRecords } from '../../lib/csv.js';
import { CSV_RECORDS, csvChunks, UTF8_BOM } from './parts.csv.js';
import { jsonArrayChunks } from './parts.json-stream.js';
import { storedPartRow as row, type PartRow } from '../../../test/factories.js';
import { exportCellsOf, toPart } from './parts.mapper.js';

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** The chunks one at a time, each a tick later, as the database would hand them over. */
async function* from<T>(...chunks: T[]): AsyncGenerator<T> {
  for (const chunk of chunks) {
    await Promise.resolve();
    yield chunk;
  }
}
const texts = (...chunks: string[]) => from(...chunks);

const part = (nome: string, anno = '2004'): Part => toPart(row(nome, anno));

/** The export's records of `rows`, as a reader renders a chunk (db/csv-reads.ts). */
function records(...rows: PartRow[]): string {
  const names = Object.keys(rows[0] ?? {});
  const values = rows.map((stored) => names.map((name) => stored[name as keyof PartRow]));
  return csvRecords(values, names, exportCellsOf(CSV_RECORDS));
}

describe('csvChunks and jsonArrayChunks', () => {
  it('writes BOM, header and the records of each chunk, anno from anno_immatricolazione', async () => {
    const text = await collect(csvChunks(texts(records(row('A', '1999')), records(row('B'), row('C')))));
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'nome,categoria,codice,condizione,peso,scaffale,campata,ripiano,cassetta,marca,modello,versione,anno,stato,prezzo',
      'A,c,k,Buona,1.5,A,1,2,3,Fiat,Punto,v,1999,disponibile,45.5',
      'B,c,k,Buona,1.5,A,1,2,3,Fiat,Punto,v,2004,disponibile,45.5',
      'C,c,k,Buona,1.5,A,1,2,3,Fiat,Punto,v,2004,disponibile,45.5',
      '',
    ]);
  });

  it('writes weight and price as the API gives them, an absent one as an empty cell', () => {
    expect(records({ ...row('A'), peso_grammi: 1800, prezzo_centesimi: 1 })).toBe(
      'A,c,k,Buona,1.8,A,1,2,3,Fiat,Punto,v,2004,disponibile,0.01\r\n',
    );
    expect(records({ ...row('A'), peso_grammi: null, prezzo_centesimi: null, versione: null })).toBe(
      'A,c,k,Buona,,A,1,2,3,Fiat,Punto,,2004,disponibile,\r\n',
    );
  });

  it('joins chunks into one valid JSON array, empty or not', async () => {
    expect(await collect(jsonArrayChunks(from<Part[]>()))).toBe('[]');
    const text = await collect(jsonArrayChunks(from([part('A'), part('B')], [part('C')])));
    expect((JSON.parse(text) as Part[]).map((p) => p.nome)).toEqual(['A', 'B', 'C']);
  });
});
