import { describe, expect, it } from 'vitest';
import {
  activeFieldFilters,
  EMPTY_FILTERS,
  isPriceBound,
  readFilters,
  readPaging,
  readSort,
  readStatusParam,
  sortParam,
  withSearch,
} from './list-search';

describe('list URL query', () => {
  it('reads filters, search, page and page size, falling back to defaults for anything invalid', () => {
    const search = new URLSearchParams('nome=faro&q=punto+1.2&pagina=3&perPagina=20');
    expect(readFilters(search)).toEqual({ ...EMPTY_FILTERS, nome: 'faro', q: 'punto 1.2' });
    expect(readPaging(search)).toEqual({ page: 3, pageSize: 20 });
    expect(readPaging(new URLSearchParams('pagina=-2&perPagina=7'))).toEqual({ page: 1, pageSize: 5 });
    expect(readPaging(new URLSearchParams('pagina=abc'))).toEqual({ page: 1, pageSize: 5 });
    expect(readPaging(new URLSearchParams('perPagina=100'))).toEqual({ page: 1, pageSize: 100 });
  });

  it('uses the remembered page size only when the URL names none', () => {
    expect(readPaging(new URLSearchParams(''), 50)).toEqual({ page: 1, pageSize: 50 });
    expect(readPaging(new URLSearchParams('perPagina=10'), 50)).toEqual({ page: 1, pageSize: 10 });
    expect(readPaging(new URLSearchParams(''), 7)).toEqual({ page: 1, pageSize: 5 });
  });

  it('reads the order the API knows, ascending or descending, and writes it back', () => {
    expect(readSort(new URLSearchParams('sort=-peso'))).toEqual({ field: 'peso', descending: true });
    expect(readSort(new URLSearchParams('sort=ubicazione'))).toEqual({
      field: 'ubicazione',
      descending: false,
    });
    expect(readSort(new URLSearchParams('sort=-prezzo'))).toEqual({ field: 'prezzo', descending: true });
    expect(readSort(new URLSearchParams('sort=stato'))).toEqual({ field: 'stato', descending: false });
    expect(readSort(new URLSearchParams('sort=prezzoVendita'))).toBeNull();
    expect(readSort(new URLSearchParams('sort=--peso'))).toBeNull();
    expect(readSort(new URLSearchParams(''))).toBeNull();
    expect(sortParam({ field: 'createdAt', descending: true })).toBe('-createdAt');
  });

  it('leaves defaults out of the URL and keeps the other parameters', () => {
    const search = new URLSearchParams('marca=fiat&pagina=4');
    expect(withSearch(search, { pagina: 1 }).toString()).toBe('marca=fiat');
    expect(withSearch(search, { perPagina: 5, nome: '' }).toString()).toBe('marca=fiat&pagina=4');
    expect(withSearch(search, { perPagina: 10 }).toString()).toBe('marca=fiat&pagina=4&perPagina=10');
  });

  it('counts the field filters in use (the search box has its own), a status and a price range', () => {
    expect(
      activeFieldFilters({ ...EMPTY_FILTERS, nome: 'faro', marca: ' ', modello: 'punto', q: 'abc' }),
    ).toBe(2);
    expect(activeFieldFilters({ ...EMPTY_FILTERS, q: 'abc' })).toBe(0);
    expect(activeFieldFilters({ ...EMPTY_FILTERS, stato: 'venduto', prezzoMin: '10', prezzoMax: '50' })).toBe(
      2,
    );
  });

  it('reads the status filter the way the API does, written one way, the default left out', () => {
    expect(readStatusParam(null)).toBe('');
    expect(readStatusParam('disponibile,reso,riservato')).toBe('');
    expect(readStatusParam('venduto')).toBe('venduto');
    expect(readStatusParam('venduto, riservato')).toBe('riservato,venduto');
    expect(readStatusParam('tutti')).toBe('tutti');
    expect(readStatusParam('rubato')).toBe('');
    expect(readFilters(new URLSearchParams('stato=reso&prezzoMin=10,5')).stato).toBe('reso');
  });

  it('accepts a price bound written the Italian or the English way, or none', () => {
    expect(['', '45', '45,50', '45.5', '1.250,00'].every(isPriceBound)).toBe(true);
    expect(['-1', 'abc', '4,5,6'].some(isPriceBound)).toBe(false);
  });
});
