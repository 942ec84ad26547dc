import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePart, mockFetch, renderRoute } from '../../../testing/render-route';
import CategoriesPage from './CategoriesPage';
import CategoryPage from './CategoryPage';

afterEach(() => vi.unstubAllGlobals());

describe('CategoriesPage', () => {
  it('shows one tile per category with its count, linking to the category by name', async () => {
    mockFetch(() =>
      json([
        { categoria: 'Freni & frizioni', count: 1 },
        { categoria: 'Illuminazione', count: 12_500 },
      ]),
    );
    renderRoute(<CategoriesPage />, { path: '/consultacategorie', url: '/consultacategorie' });
    expect(screen.getByRole('heading', { name: 'Consulta Categorie' })).toBeInTheDocument();
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
    const calls = mockFetch(() =>
      json([makePart({ categoria: 'Freni & frizioni' })], { headers: { 'x-total-count': '12' } }),
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { location, unmount } = renderRoute(<CategoryPage />, {
      path: '/singolacategoria/:categoria',
      url: '/singolacategoria/Freni%20%26%20frizioni?pagina=2',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Freni & frizioni' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(calls[0]?.url.pathname).toBe('/api/componenti/singolacategoria/Freni%20%26%20frizioni');
    expect(calls[0]?.url.search).toBe('?limit=5&offset=5');
    expect(document.title).toBe('Categoria Freni & frizioni · Magazzino Ricambi');
    const nav = screen.getByRole('navigation', { name: 'Paginazione' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pagina 3' }));
    await waitFor(() => expect(location()).toBe('/singolacategoria/Freni%20%26%20frizioni?pagina=3'));

    expect(document.body).toHaveClass('print-table-only');
    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body).not.toHaveClass('print-table-only');
  });
});
