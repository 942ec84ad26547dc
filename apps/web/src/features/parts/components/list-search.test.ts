import { describe, expect, it } from 'vitest';
import { readFilters, readPaging, withSearch } from './list-search';

describe('list URL query', () => {
  it('reads filters, page and page size, falling back to defaults for anything invalid', () => {
    const search = new URLSearchParams('nome=faro&pagina=3&perPagina=20');
    expect(readFilters(search)).toEqual({ nome: 'faro', marca: '', modello: '' });
    expect(readPaging(search)).toEqual({ page: 3, pageSize: 20 });
    expect(readPaging(new URLSearchParams('pagina=-2&perPagina=7'))).toEqual({ page: 1, pageSize: 5 });
    expect(readPaging(new URLSearchParams('pagina=abc'))).toEqual({ page: 1, pageSize: 5 });
  });

  it('leaves defaults out of the URL and keeps the other parameters', () => {
    const search = new URLSearchParams('marca=fiat&pagina=4');
    expect(withSearch(search, { pagina: 1 }).toString()).toBe('marca=fiat');
    expect(withSearch(search, { perPagina: 5, nome: '' }).toString()).toBe('marca=fiat&pagina=4');
    expect(withSearch(search, { perPagina: 10 }).toString()).toBe('marca=fiat&pagina=4&perPagina=10');
  });
});
