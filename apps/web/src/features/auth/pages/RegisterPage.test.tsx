import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { makeUser, ME_SIGNED_OUT } from '../../../testing/test-data';
import { currentPath, renderApp } from '../../../testing/render-app';

async function fillAndSubmit(password = 'segreta123') {
  await userEvent.type(screen.getByLabelText(/Nome utente/), '  Mario  ');
  await userEvent.type(screen.getByLabelText(/Email/), 'Mario.Rossi@example.it');
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Registrati' }));
}

describe('sign-up form', () => {
  it('marks the required fields with an asterisk and names the inputs as the API fields', async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    for (const [label, name] of [
      ['Nome utente', 'username'],
      ['Email', 'email'],
      ['Password', 'password'],
    ] as const) {
      const input = screen.getByLabelText(new RegExp(label));
      expect(input).toHaveAttribute('name', name);
      expect(input).toBeRequired();
      expect(document.querySelector(`label[for="${input.id}"]`)).toHaveTextContent(`${label} *`);
    }
    expect(screen.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
  });

  it('checks the password rule of the shared schema before sending', async () => {
    const calls = mockApi(ME_SIGNED_OUT);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    await fillAndSubmit('corta');
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      /La password deve avere almeno 8 caratteri/,
    );
    expect(calls.filter((c) => c.path === '/api/users/signup')).toHaveLength(0);
  });

  it('sends the normalised input and leads to the dashboard', async () => {
    const answer = deferredResponse();
    const calls = mockApi({ ...ME_SIGNED_OUT, 'POST /api/users/signup': () => answer.response });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: /Registrati/ })).toBeDisabled());
    answer.release(jsonResponse(201, makeUser()));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
    expect(calls.find((c) => c.path === '/api/users/signup')?.body).toEqual({
      username: 'Mario',
      email: 'mario.rossi@example.it',
      password: 'segreta123',
    });
  });

  it("shows the server's error under the form and its field messages by the inputs, no alert", async () => {
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/signup': () =>
        jsonResponse(409, {
          error: 'Esiste già un account con questa email.',
          code: 'EMAIL_TAKEN',
          fields: { email: 'Esiste già un account con questa email.' },
        }),
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Esiste già un account con questa email.');
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'Esiste già un account con questa email.',
    );
    expect(screen.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
