import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferredResponse, jsonResponse, mockApi } from '../testing/mock-api';
import { makeUser, ME_SIGNED_IN, ME_SIGNED_OUT, TEST_USER } from '../testing/test-data';
import { currentPath, renderApp } from '../testing/render-app';

// The screens behind the guards are the real ones: their headings say where the guard let the user
// in (their reads of parts, unanswered here, fail behind the heading, which is all that is looked at).

describe('route guards', () => {
  it.each([
    '/',
    '/dashboardpage',
    '/elencocomponenti',
    '/consultacategorie',
    '/consultamagazzino',
    '/nuovocomponente',
    '/modificacomponente/abc',
    '/cancellacomponente/abc',
    '/singolacategoria/Freni',
  ])('sends a visitor from %s to the sign-in screen', async (path) => {
    mockApi(ME_SIGNED_OUT);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after sign-in goes back to the page first asked for, query included', async () => {
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/login': () => jsonResponse(200, makeUser()),
    });
    const { router } = renderApp('/elencocomponenti?nome=faro&marca=Fiat');
    await screen.findByRole('heading', { name: 'Accedi' });
    await userEvent.type(screen.getByLabelText(/Email/), 'Mario.Rossi@Example.it');
    await userEvent.type(screen.getByLabelText(/Password/), 'segreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Elenco Componenti' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/elencocomponenti?nome=faro&marca=Fiat');
    // The schema normalised the email before sending it; only the public profile is stored.
    expect(calls.find((c) => c.path === '/api/users/login')?.body).toEqual({
      email: 'mario.rossi@example.it',
      password: 'segreta123',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_USER);
  });

  it('keeps the return path when the visitor goes on to sign up', async () => {
    mockApi({
      ...ME_SIGNED_OUT,
      'GET /api/users/signup': () => jsonResponse(200, { signup: 'open' }),
      // The first account of an installation: signed in at once.
      'POST /api/users/signup': () => jsonResponse(201, makeUser()),
    });
    const { router } = renderApp('/cancellacomponente/p-9');
    await screen.findByRole('heading', { name: 'Accedi' });
    // The sign-in's own link (the navbar has one too).
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: /Registrati/ }));
    await userEvent.type(await screen.findByLabelText(/Nome utente/), 'Mario');
    await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
    await userEvent.type(screen.getByLabelText(/Password/), 'ruota di scorta 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(
      await screen.findByRole('heading', { name: 'Richiesta cancellazione componente' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cancellacomponente/p-9');
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    mockApi(ME_SIGNED_IN);
    const { router } = renderApp('/login', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
  });

  it('sends a signed-in user from /register through /login to the dashboard', async () => {
    mockApi(ME_SIGNED_IN);
    const { router } = renderApp('/register', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
  });

  it('sends a visitor (nothing stored, no session hint) to sign in without asking the server', async () => {
    const calls = mockApi(ME_SIGNED_OUT);
    renderApp('/elencocomponenti');
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('waits for the server when only the session hint is there, and lets a valid cookie session in', async () => {
    const me = deferredResponse();
    mockApi({ 'GET /api/users/me': () => me.response });
    const { router } = renderApp('/singolacategoria/Freni', { sessionHint: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Caricamento in corso…');
    expect(router.state.location.pathname).toBe('/singolacategoria/Freni');
    me.release(jsonResponse(200, makeUser()));
    expect(await screen.findByRole('heading', { name: 'Freni' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_USER);
  });

  it('shows the 404 screen for any other path, with a button to the homepage', async () => {
    mockApi(ME_SIGNED_IN);
    const { router } = renderApp('/non-esiste/affatto', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Ops! Pagina non trovata.' })).toBeInTheDocument();
    expect(screen.getByText('La pagina richiesta non è al momento raggiungibile.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: "Torna all'homepage" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
