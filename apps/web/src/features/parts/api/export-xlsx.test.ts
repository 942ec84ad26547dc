import { describe, expect, it } from 'vitest';
import { exportCsvUrl } from './export-csv';
import { exportXlsxUrl } from './export-xlsx';
import type { PartsListFilter } from './query-keys';

const NONE: PartsListFilter = {
  nome: '',
  marca: '',
  modello: '',
  q: '',
  stato: '',
  prezzoMin: '',
  prezzoMax: '',
  sort: null,
};

describe('exportXlsxUrl', () => {
  it('asks for the whole list without filters', () => {
    expect(exportXlsxUrl(NONE)).toBe('/api/componenti/export.xlsx');
  });

  it('carries the same filters, search and order as the CSV export', () => {
    const filter = { ...NONE, marca: ' Fiat ', q: 'faro post', stato: 'venduto', sort: '-peso' };
    expect(exportXlsxUrl(filter)).toBe(
      '/api/componenti/export.xlsx?marca=Fiat&q=faro+post&stato=venduto&sort=-peso',
    );
    expect(exportXlsxUrl(filter).split('?')[1]).toBe(exportCsvUrl(filter).split('?')[1]);
  });
});
