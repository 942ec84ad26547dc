import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiJson } from '../lib/api-client';
import { callsTo, jsonResponse, mockApi } from '../testing/mock-api';
import { ME_SIGNED_IN, ME_SIGNED_OUT, TEST_USER, unauthenticated } from '../testing/test-data';
import { currentPath, renderApp } from '../testing/render-app';

describe('the session in the UI', () => {
  it('shows a stored user at once, with the email in the user menu', async () => {
    mockApi(ME_SIGNED_IN);
    renderApp('/dashboardpage', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEST_USER.email })).toHaveAttribute('id', 'user-menu');
  });

  it('clears a stored user the server no longer knows and goes to /login', async () => {
    mockApi(ME_SIGNED_OUT);
    const { router } = renderApp('/elencocomponenti', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears the session on a 401 from any API call, remembering the page', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      // The list's own read stays pending: the 401 is the call made below, after the list is drawn.
      'GET /api/componenti': (call) =>
        call.url.search === '' ? unauthenticated() : new Promise<Response>(() => {}),
    });
    const { router } = renderApp('/elencocomponenti?nome=faro', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Elenco Componenti' });
    await expect(apiJson('/api/componenti')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.state).toEqual({
      from: '/elencocomponenti?nome=faro',
      notice: 'session-expired',
    });
  });

  it('signs out: calls logout, forgets the user and goes to / (then /login)', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'POST /api/users/logout': () => jsonResponse(204),
    });
    const { router } = renderApp('/dashboardpage', { storedUser: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: TEST_USER.email }));
    await userEvent.click(await screen.findByRole('button', { name: 'Esci' }));
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(callsTo(calls, 'POST /api/users/logout')).toHaveLength(1);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("shows a visitor only 'Accedi' and 'Registrati' in the navbar", async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Accedi' });
    const bar = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Magazzino Ricambi', '/'],
      ['Accedi', '/login'],
      ['Registrati', '/register'],
    ]);
    expect(within(bar).getByRole('link', { name: 'Accedi' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).queryAllByRole('button')).toEqual([]);
  });

  it('follows a sign-out made in another tab', async () => {
    mockApi(ME_SIGNED_IN);
    const { router } = renderApp('/dashboardpage', { storedUser: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });
    localStorage.removeItem('user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
