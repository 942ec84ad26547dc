import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../testing/mock-api';
import { makeUser, ME_SIGNED_IN } from '../../../testing/test-data';
import { renderApp } from '../../../testing/render-app';

describe("'Cambia password'", () => {
  it('says the rule first, checks it, then sends current and new password and shows the answer', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'POST /api/users/me/password': () =>
        jsonResponse(200, { message: 'Password cambiata. Chiuse 2 sessioni su altri dispositivi.' }),
    });
    renderApp('/cambiapassword', { storedUser: makeUser() });
    await screen.findByRole('heading', { name: 'Cambia password', level: 1 });
    const current = screen.getByLabelText(/Password attuale/);
    const next = screen.getByLabelText(/Nuova password/);
    expect(next).toHaveAccessibleDescription(/Almeno 12 caratteri/);
    await userEvent.type(current, 'vecchia-password-1');
    await userEvent.type(next, 'corta');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(next).toHaveAccessibleDescription(/La password deve avere almeno 12 caratteri/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(next);
    await userEvent.type(next, 'cavallo batteria graffetta');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(
      await screen.findByText('Password cambiata. Chiuse 2 sessioni su altri dispositivi.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      {
        path: '/api/users/me/password',
        body: { currentPassword: 'vecchia-password-1', newPassword: 'cavallo batteria graffetta' },
      },
    ]);
    // The typed passwords do not stay in the fields.
    expect(screen.getByLabelText(/Password attuale/)).toHaveValue('');
  });

  it("shows a wrong current password by its field, and 'Esci da tutti i dispositivi' ends the others", async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'POST /api/users/me/password': () =>
        jsonResponse(400, {
          error: 'Dati non validi',
          code: 'VALIDATION',
          fields: { currentPassword: 'La password attuale non è corretta' },
        }),
      'DELETE /api/users/me/sessions': () =>
        jsonResponse(200, {
          message: 'Sei uscito da tutti gli altri dispositivi: chiuse 1 sessione. Qui resti connesso.',
        }),
    });
    renderApp('/cambiapassword', { storedUser: makeUser() });
    await screen.findByRole('heading', { name: 'Cambia password', level: 1 });
    await userEvent.type(screen.getByLabelText(/Password attuale/), 'non-è-lei');
    await userEvent.type(screen.getByLabelText(/Nuova password/), 'cavallo batteria graffetta');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dati non validi');
    expect(screen.getByLabelText(/Password attuale/)).toHaveAccessibleDescription(
      'La password attuale non è corretta',
    );

    const devices = screen.getByRole('region', { name: 'Esci da tutti i dispositivi' });
    await userEvent.click(within(devices).getByRole('button', { name: 'Esci da tutti i dispositivi' }));
    expect(await within(devices).findByText(/chiuse 1 sessione/)).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/users/me/sessions']);
  });
});
