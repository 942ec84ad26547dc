import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  csvRecords,
  csvRecordsOfObjects,
  joinRecords,
  jsonRecords,
  jsonRecordsOfObjects,
} from './csv.js';

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

describe('csvLine', () => {
  it('writes one CRLF-terminated record, numbers as JavaScript writes them', () => {
    expect(csvLine(['a', 1, 1.25, ''])).toBe('a,1,1.25,\r\n');
  });
});

describe('csvRecords', () => {
  const names = ['nome', 'peso_grammi', 'sort_key', 'note'];

  it('writes the cells named, in their order, leaving the other columns out', () => {
    const rows = [
      ['Faro', 1500, 'k1', 'x'],
      ['Pompa', 20, 'k2', 'y'],
    ];
    expect(csvRecords(rows, names, [{ name: 'note' }, { name: 'nome' }])).toBe('x,Faro\r\ny,Pompa\r\n');
  });

  it('divides a number by its divisor, and leaves an absent one empty', () => {
    const rows = [
      ['Faro', 1800, 'k', null],
      ['Pompa', null, 'k', ''],
      ['Disco', 1, 'k', 'z'],
    ];
    const cells = [{ name: 'nome' }, { name: 'peso_grammi', divisor: 1000 }, { name: 'note' }];
    expect(csvRecords(rows, names, cells)).toBe('Faro,1.8,\r\nPompa,,\r\nDisco,0.001,z\r\n');
  });

  it('neutralises and quotes cells as csvCell does', () => {
    const rows = [['=1+1', 0, 'k', 'a,"b"']];
    expect(csvRecords(rows, names, [{ name: 'nome' }, { name: 'note' }])).toBe(`'=1+1,"a,""b"""\r\n`);
  });

  it('writes nothing for no rows, and refuses a cell the query has no column for', () => {
    expect(csvRecords([], names, [{ name: 'nome' }])).toBe('');
    expect(() => csvRecords([], names, [{ name: 'prezzo' }])).toThrow(/no column prezzo/);
  });
});

describe('csvRecordsOfObjects', () => {
  it('writes the same records from rows keyed by column name', () => {
    const cells = [{ name: 'nome' }, { name: 'peso_grammi', divisor: 1000 }, { name: 'note' }];
    const rows = [
      { nome: 'Faro', peso_grammi: 1800, sort_key: 'k', note: null },
      { nome: '-1', peso_grammi: null, sort_key: 'k', note: 'a;b' },
    ];
    const asArrays = rows.map((row) => [row.nome, row.peso_grammi, row.sort_key, row.note]);
    expect(csvRecordsOfObjects(rows, cells)).toBe('Faro,1.8,\r\n\'-1,,"a;b"\r\n');
    expect(csvRecordsOfObjects(rows, cells)).toBe(
      csvRecords(asArrays, ['nome', 'peso_grammi', 'sort_key', 'note'], cells),
    );
    expect(csvRecordsOfObjects([], cells)).toBe('');
    expect(() => csvRecordsOfObjects(rows, [{ name: 'prezzo' }])).toThrow(/no column prezzo/);
  });
});

describe('jsonRecords and jsonRecordsOfObjects', () => {
  const names = ['nome', 'peso_grammi', 'anno', 'note'];
  const cells = [{ name: 'nome' }, { name: 'peso_grammi', divisor: 1000 }, { name: 'anno', number: true }];

  it("write the cells' values as one JSON array of rows: divided, read as numbers, null kept, text as is", () => {
    const rows = [
      ['=1+1', 1800, '2004', 'x'],
      ['Portière "è"\n', null, '1999', null],
    ];
    const text = jsonRecords(rows, names, cells);
    expect(JSON.parse(text)).toEqual([
      ['=1+1', 1.8, 2004],
      ['Portière "è"\n', null, 1999],
    ]);
    const objects = rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
    expect(jsonRecordsOfObjects(objects, cells)).toBe(text);
    expect(jsonRecords([], names, cells)).toBe('[]');
    expect(() => jsonRecords([], names, [{ name: 'prezzo' }])).toThrow(/no column prezzo/);
    expect(() => jsonRecordsOfObjects(objects, [{ name: 'prezzo' }])).toThrow(/no column prezzo/);
  });
});

describe('joinRecords', () => {
  it('joins CSV records one after the other and JSON arrays into one array', () => {
    expect(joinRecords(['a\r\n', 'b\r\n'], 'csv')).toBe('a\r\nb\r\n');
    const json = joinRecords(['[["a",1]]', '[["b",2],["c",null]]', '[[3]]'], 'json');
    expect(JSON.parse(json)).toEqual([['a', 1], ['b', 2], ['c', null], [3]]);
    expect(joinRecords(['[["a",1]]'], 'json')).toBe('[["a",1]]');
    expect(joinRecords([], 'json')).toBe('');
    expect(joinRecords([], 'csv')).toBe('');
  });
});
