import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { ME_SIGNED_IN, ME_SIGNED_OUT, TEST_USER } from '../../testing/test-data';
import { currentPath, renderApp } from '../../testing/render-app';

afterEach(() => {
  document.documentElement.setAttribute('data-bs-theme', 'dark');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

/** Puts the window at `y` px from the top, as if the user had scrolled there. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

describe('layout', () => {
  it('has the landmarks, the skip link and the five areas in the navbar', async () => {
    mockApi(ME_SIGNED_IN);
    renderApp('/dashboardpage', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai al contenuto principale' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const expected = [
      ['Home', '/'],
      ['Elenco Componenti', '/elencocomponenti'],
      ['Aggiungi Componente', '/nuovocomponente'],
      ['Consulta Magazzino', '/consultamagazzino'],
      ['Consulta Categorie', '/consultacategorie'],
    ];
    // The links can be drawn after the page's heading: in one full run (2026-12-02) none was yet.
    await waitFor(() => {
      for (const [name, href] of expected) {
        expect(nav.querySelector(`a.nav-link[href="${href}"]`)).toHaveTextContent(name ?? '');
      }
    });
    expect(screen.getByRole('button', { name: 'Apri o chiudi il menu' })).toHaveAttribute(
      'aria-controls',
      'main-navbar',
    );
  });

  it('shows the dashboard cards with a description each, leading to the four areas', async () => {
    mockApi(ME_SIGNED_IN);
    renderApp('/', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const cards = screen.getAllByRole('heading', { level: 2 });
    expect(cards.map((h) => h.textContent)).toEqual([
      'Elenco Componenti',
      'Aggiungi Componente',
      'Consulta Magazzino',
      'Consulta Categorie',
    ]);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Consulta Magazzino' })).toHaveAttribute(
      'href',
      '/consultamagazzino',
    );
    expect(main.getByRole('link', { name: 'Consulta Magazzino' }).closest('.card')).toHaveTextContent(
      /scaffale, campata, ripiano e cassetta/,
    );
    expect(document.title).toBe('Dashboard · Magazzino Ricambi');
  });

  it('switches between dark (default) and light, stored as ligth/dark', async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/login');
    const toggle = await screen.findByRole('switch', { name: 'Tema scuro' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('ligth');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('shows the scroll-to-top button only after 300 px, and it scrolls to the top', async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Accedi' });
    const name = 'Torna in cima alla pagina';
    const scroll = vi.spyOn(window, 'scrollTo');
    scrollWindow(300);
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    scrollWindow(301);
    await userEvent.click(screen.getByRole('button', { name }));
    expect(scroll).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('scrolls to the top on every route change', async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Accedi' });
    const scroll = vi.spyOn(window, 'scrollTo');
    await userEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' }));
    await screen.findByRole('heading', { name: 'Password dimenticata' });
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' }));
  });

  it("moves the focus to the new page's heading after a route change, not after a new query", async () => {
    mockApi(ME_SIGNED_IN);
    const { router } = renderApp('/dashboardpage', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const main = within(screen.getByRole('main'));
    await userEvent.click(main.getByRole('link', { name: 'Consulta Magazzino' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /Inserisci lo scaffale/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    // In a field, then a new query on the same page (a page size): the focus stays with the clerk.
    const field = screen.getByLabelText(/Scaffale/);
    field.focus();
    await act(() => router.navigate('/consultamagazzino?perPagina=10'));
    expect(currentPath(router)).toBe('/consultamagazzino?perPagina=10');
    expect(field).toHaveFocus();
  });
});
