import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

describe('CategoriesPage', () => {
  it('shows one tile per category with its count, linking to the category by name', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/categorie': () =>
        jsonResponse(200, [
          { categoria: 'Freni & frizioni', count: 1 },
          { categoria: 'Illuminazione', count: 12_500 },
        ]),
    });
    renderApp('/consultacategorie', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Consulta Categorie' })).toBeInTheDocument();
    expect(screen.getByText('Consulta i componenti divisi per categorie')).toBeInTheDocument();
    const tile = await screen.findByRole('link', { name: /Illuminazione/ });
    expect(tile).toHaveTextContent('12.500 componenti');
    expect(tile).toHaveAttribute('href', '/singolacategoria/Illuminazione');
    expect(screen.getByRole('link', { name: /Freni/ })).toHaveAttribute(
      'href',
      '/singolacategoria/Freni%20%26%20frizioni',
    );
    expect(screen.getByRole('link', { name: /Freni/ })).toHaveTextContent('1 componente');
  });
});

describe('CategoryPage', () => {
  it('reads the category from the URL, pages on the server and prints the table', async () => {
    const route = 'GET /api/componenti/singolacategoria/Freni%20%26%20frizioni';
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [route]: () =>
        jsonResponse(200, [makePart({ categoria: 'Freni & frizioni' })], { 'x-total-count': '12' }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { router, unmount } = renderApp('/singolacategoria/Freni%20%26%20frizioni?pagina=2', {
      storedUser: TEST_USER,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Freni & frizioni' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(callsTo(calls, route).map((call) => call.url.search)).toEqual(['?limit=5&offset=5']);
    expect(document.title).toBe('Categoria Freni & frizioni · Magazzino Ricambi');
    const nav = screen.getByRole('navigation', { name: 'Paginazione' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pagina 3' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/singolacategoria/Freni%20%26%20frizioni?pagina=3'),
    );

    expect(document.body).toHaveClass('print-table-only');
    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body).not.toHaveClass('print-table-only');
  });
});
