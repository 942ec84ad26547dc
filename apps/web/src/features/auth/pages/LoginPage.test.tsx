import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { makeUser, ME_SIGNED_OUT } from '../../../testing/test-data';
import { currentPath, renderApp } from '../../../testing/render-app';

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Accedi' });
  return view;
}

describe('sign-in form', () => {
  it('has labelled email and password inputs named as the API fields, and the links', async () => {
    mockApi(ME_SIGNED_OUT);
    await openLogin();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Password dimenticata?' })).toHaveAttribute(
      'href',
      '/resetpassword',
    );
    // The form's own link (the bar has one too).
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Registrati' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows the schema messages next to the inputs and sends nothing', async () => {
    const calls = mockApi(ME_SIGNED_OUT);
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText(/Email/);
    // The form's schema is loaded on first use (lib/lazy-schema-resolver.ts).
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription("L'email è obbligatoria");
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription('La password è obbligatoria');
    await userEvent.type(email, 'non-una-email');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(email).toHaveAccessibleDescription("L'email non è valida");
    expect(calls.filter((c) => c.path === '/api/users/login')).toHaveLength(0);
  });

  it("shows the server's error in red under the form, no alert", async () => {
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/login': () =>
        jsonResponse(401, { error: 'Email o password non corretti.', code: 'INVALID_CREDENTIALS' }),
    });
    const { router } = await openLogin();
    await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
    await userEvent.type(screen.getByLabelText(/Password/), 'sbagliata1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const error = await screen.findByText('Email o password non corretti.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveClass('form-error');
    expect(router.state.location.pathname).toBe('/login');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('disables the button while the request is pending, then signs in', async () => {
    const answer = deferredResponse();
    mockApi({ ...ME_SIGNED_OUT, 'POST /api/users/login': () => answer.response });
    const { router } = await openLogin();
    await userEvent.type(screen.getByLabelText(/Email/), 'mario.rossi@example.it');
    await userEvent.type(screen.getByLabelText(/Password/), 'segreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Login/ })).toBeDisabled());
    answer.release(jsonResponse(200, makeUser()));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
  });

  it('puts the server field messages next to their inputs', async () => {
    mockApi({
      ...ME_SIGNED_OUT,
      'POST /api/users/login': () =>
        jsonResponse(400, {
          error: "Alcuni campi non sono validi: L'email non è valida",
          code: 'VALIDATION',
          fields: { email: "L'email non è valida" },
        }),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText(/Email/), 'mario@example.it');
    await userEvent.type(screen.getByLabelText(/Password/), 'segreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription("L'email non è valida"),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Alcuni campi non sono validi');
  });
});
