import { describe, expect, it } from 'vitest';
import { csvSamples, parseCsvHead } from './csv-samples';

describe('csv samples', () => {
  it('reads quoted cells, doubled quotes, CRLF and a BOM, with the separator of the header', () => {
    expect(parseCsvHead('\uFEFFNome;Peso\r\n"Faro; sx";"1,5"\r\n"Detto ""Il grande""";2', true)).toEqual([
      ['Nome', 'Peso'],
      ['Faro; sx', '1,5'],
      ['Detto "Il grande"', '2'],
    ]);
    expect(parseCsvHead('a,b\n1,"x,y"\n', true)).toEqual([
      ['a', 'b'],
      ['1', 'x,y'],
    ]);
  });

  it('drops the partial last record of a cut head', () => {
    expect(parseCsvHead('a;b\n1;2\n3;4', false)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('takes up to three non-empty values per column, by the headers the server gave', () => {
    const text = 'Nome;Nome;Peso\nFaro;A;\nSpecchio;B;2\n;C;3\nParaurti;D;4\nMozzo;E;5\n';
    expect(csvSamples(text, true, ['Nome', 'Nome (2)', 'Peso'])).toEqual({
      Nome: ['Faro', 'Specchio', 'Paraurti'],
      'Nome (2)': ['A', 'B', 'C'],
      Peso: ['2', '3', '4'],
    });
  });
});
