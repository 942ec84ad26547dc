import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignupInfo } from '@magazzino/contract';
import { deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { makeUser, ME_SIGNED_OUT } from '../../../testing/test-data';
import { currentPath, renderApp } from '../../../testing/render-app';

const PASSWORD = 'cavallo batteria graffetta';
const APPROVAL_ANSWER =
  "Richiesta di registrazione ricevuta. Un amministratore deve approvarla prima che tu possa accedere: riceverai un'email quando l'account sarà attivo.";

const signupMode = (signup: SignupInfo['signup']) => ({
  'GET /api/users/signup': () => jsonResponse(200, { signup }),
});

async function fillAndSubmit(password = PASSWORD) {
  await userEvent.type(screen.getByLabelText(/Nome utente/), '  Mario  ');
  await userEvent.type(screen.getByLabelText(/Email/), 'Mario.Rossi@example.it');
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Registrati' }));
}

describe('sign-up form', () => {
  it('marks the required fields with an asterisk and names the inputs as the API fields', async () => {
    mockApi({ ...ME_SIGNED_OUT, ...signupMode('approval') });
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
    // The form's own link (the bar has one too).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Accedi' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says the password rule before typing and checks it (12 characters) before sending', async () => {
    const calls = mockApi({ ...ME_SIGNED_OUT, ...signupMode('approval') });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      /Almeno 12 caratteri.*non una delle password più comuni/,
    );
    await fillAndSubmit('undici-car!');
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      /La password deve avere almeno 12 caratteri/,
    );
    expect(calls.filter((c) => c.path === '/api/users/signup' && c.method === 'POST')).toHaveLength(0);
  });

  it('says first that an amministratore approves new accounts, then shows the answer', async () => {
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      ...signupMode('approval'),
      'POST /api/users/signup': () => jsonResponse(202, { message: APPROVAL_ANSWER, signup: 'approval' }),
    });
    const { router } = renderApp('/register');
    expect(await screen.findByText(/un amministratore deve approvare il tuo account/)).toBeVisible();
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(APPROVAL_ANSWER);
    expect(screen.getByRole('link', { name: 'Torna al login' })).toHaveAttribute('href', '/login');
    expect(currentPath(router)).toBe('/register');
    expect(calls.filter((c) => c.path === '/api/users/login')).toHaveLength(0);
  });

  it('with SIGNUP=closed shows no form, only who creates accounts', async () => {
    mockApi({ ...ME_SIGNED_OUT, ...signupMode('closed') });
    renderApp('/register');
    expect(await screen.findByText(/La registrazione è chiusa/)).toBeVisible();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('sends the normalised input; the first account of an installation goes to the dashboard', async () => {
    const answer = deferredResponse();
    const calls = mockApi({
      ...ME_SIGNED_OUT,
      ...signupMode('approval'),
      'POST /api/users/signup': () => answer.response,
    });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: /Registrati/ })).toBeDisabled());
    answer.release(jsonResponse(201, makeUser()));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
    expect(calls.find((c) => c.path === '/api/users/signup' && c.method === 'POST')?.body).toEqual({
      username: 'Mario',
      email: 'mario.rossi@example.it',
      password: PASSWORD,
    });
  });

  it("shows the server's error under the form and its field messages by the inputs, no alert", async () => {
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({
      ...ME_SIGNED_OUT,
      ...signupMode('approval'),
      'POST /api/users/signup': () =>
        jsonResponse(400, {
          error: 'Dati non validi',
          code: 'VALIDATION',
          fields: {
            password:
              "Questa password è tra le più usate e compare negli elenchi di password rubate: scegline un'altra",
          },
        }),
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrati' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Dati non validi');
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription(
      /Questa password è tra le più usate/,
    );
    expect(screen.getByRole('button', { name: 'Registrati' })).toBeEnabled();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
