import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { ME_SIGNED_OUT } from '../../../testing/test-data';
import { currentPath, renderApp } from '../../../testing/render-app';

describe('forgot-password form', () => {
  it("'Cambia' asks for the mail, then shows the confirmation card", async () => {
    const answer = deferredResponse();
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/forgot-password': () => answer.response,
    });
    const { router } = renderApp('/resetpassword');
    await screen.findByRole('heading', { name: 'Password dimenticata' });
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('name', 'email');
    await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Cambia/ })).toBeDisabled());
    answer.release(jsonResponse(200, { message: 'Se l’indirizzo è registrato riceverai un’email.' }));
    expect(await screen.findByRole('heading', { name: 'Controlla la tua email' })).toBeInTheDocument();
    expect(screen.getByText(/Ti abbiamo inviato per email un link per cambiare la password/)).toBeVisible();
    expect(currentPath(router)).toBe('/sentpassword');
    expect(calls.find((c) => c.path === '/api/users/forgot-password')?.body).toEqual({
      email: 'mario.rossi@example.it',
    });
  });

  it("shows the server's error (e.g. too many attempts) and stays", async () => {
    mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/forgot-password': () =>
        jsonResponse(429, { error: 'Troppi tentativi: riprova tra qualche minuto.', code: 'RATE_LIMITED' }),
    });
    const { router } = renderApp('/resetpassword');
    await screen.findByRole('heading', { name: 'Password dimenticata' });
    await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Troppi tentativi');
    expect(router.state.location.pathname).toBe('/resetpassword');
  });
});

describe('new-password form', () => {
  it("'Salva la nuova password' posts the new password to the link's token, then the sign-in screen says so", async () => {
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/reset-password/tok-123': () => jsonResponse(200, { message: 'Password aggiornata.' }),
    });
    const { router } = renderApp('/newpassword/tok-123');
    await screen.findByRole('heading', { name: 'Reimposta la password' });
    const input = screen.getByLabelText(/Nuova password/);
    expect(input).toHaveAttribute('name', 'password');
    expect(input).toHaveAttribute('type', 'password');
    // The rule is said before anything is typed.
    expect(input).toHaveAccessibleDescription(/Almeno 12 caratteri/);
    await userEvent.type(input, 'corta');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    expect(input).toHaveAccessibleDescription(/La password deve avere almeno 12 caratteri/);
    await userEvent.clear(input);
    await userEvent.type(input, 'nuovaPassword9');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    expect(await screen.findByText('Password cambiata. Accedi con la nuova password.')).toBeVisible();
    expect(currentPath(router)).toBe('/login');
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/api/users/reset-password/tok-123', body: { password: 'nuovaPassword9', token: 'tok-123' } },
    ]);
  });

  it('shows why an expired link cannot be used', async () => {
    mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/reset-password/vecchio': () =>
        jsonResponse(400, { error: 'Il link non è valido o è scaduto.', code: 'INVALID_TOKEN' }),
    });
    renderApp('/newpassword/vecchio');
    await userEvent.type(await screen.findByLabelText(/Nuova password/), 'nuovaPassword9');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la nuova password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il link non è valido o è scaduto.');
  });
});
