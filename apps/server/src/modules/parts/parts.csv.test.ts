import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvLine, UTF8_BOM } from './parts.csv.js';
import { jsonArrayChunks } from './parts.json-stream.js';
import { toPart } from './parts.mapper.js';
import type { Part } from '@magazzino/contract';

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** The chunks one at a time, each a tick later, as the database would hand them over. */
async function* from(...chunks: Part[][]): AsyncGenerator<Part[]> {
  for (const chunk of chunks) {
    await Promise.resolve();
    yield chunk;
  }
}

const part = (nome: string, anno = '2004'): Part =>
  toPart({
    id: nome,
    seq: 1,
    nome,
    descrizione: 'd',
    categoria: 'c',
    codice: 'k',
    condizione: 'Buona',
    peso_grammi: 1500,
    scaffale: 'A',
    campata: '1',
    ripiano: '2',
    cassetta: '3',
    marca: 'Fiat',
    modello: 'Punto',
    versione: 'v',
    anno_immatricolazione: anno,
    url_immagine: null,
    image_count: null,
    prezzo_centesimi: 4550,
    stato: 'disponibile',
    riserva_cliente: null,
    riserva_telefono: null,
    riserva_fino: null,
    vendita_prezzo_centesimi: null,
    vendita_data: null,
    version: 1,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    vehicle_id: null,
    fitment_marca_norm: null,
  });

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Faro anteriore')).toBe('Faro anteriore');
    expect(csvCell(1.25)).toBe('1.25');
    expect(csvCell('')).toBe('');
    expect(csvCell('Però 🚗')).toBe('Però 🚗');
  });

  it('quotes commas, quotes, CR and LF, doubling inner quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('il "top"')).toBe('"il ""top"""');
    expect(csvCell('uno\ndue')).toBe('"uno\ndue"');
    expect(csvCell('uno\r\ndue')).toBe('"uno\r\ndue"');
  });

  it('quotes a semicolon, so Excel in an Italian locale cannot split out a formula', () => {
    expect(csvCell('x;=1+1;y')).toBe('"x;=1+1;y"');
    expect(csvCell(';-2')).toBe('";-2"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a leading %j with a single quote', (trigger) => {
    const cell = csvCell(`${trigger}1+1`);
    expect(cell.replace(/^"|"$/g, '')).toBe(`'${trigger}1+1`);
  });

  it('does not touch a trigger that is not the first character', () => {
    expect(csvCell('A-1=2')).toBe('A-1=2');
    expect(csvCell('x@y')).toBe('x@y');
  });
});

describe('csvChunks and jsonArrayChunks', () => {
  it('writes BOM, header and CRLF records, anno from annoImmatricolazione', async () => {
    const text = await collect(csvChunks(from([part('A', '1999')], [part('B')])));
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'nome,categoria,codice,condizione,peso,scaffale,campata,ripiano,cassetta,marca,modello,versione,anno,stato,prezzo',
      'A,c,k,Buona,1.5,A,1,2,3,Fiat,Punto,v,1999,disponibile,45.5',
      'B,c,k,Buona,1.5,A,1,2,3,Fiat,Punto,v,2004,disponibile,45.5',
      '',
    ]);
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });

  it('joins chunks into one valid JSON array, empty or not', async () => {
    expect(await collect(jsonArrayChunks(from()))).toBe('[]');
    const text = await collect(jsonArrayChunks(from([part('A'), part('B')], [part('C')])));
    expect((JSON.parse(text) as Part[]).map((p) => p.nome)).toEqual(['A', 'B', 'C']);
  });
});
