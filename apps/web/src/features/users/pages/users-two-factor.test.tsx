import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSettings, UserAccount } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makeAccount, makeUser, TEST_USER } from '../../../testing/test-data';

const ADMIN = { ...TEST_USER, role: 'amministratore' as const };
const SETTINGS: AccountSettings = {
  signup: 'approval',
  signupRole: 'magazziniere',
  twoFactorRequired: false,
};

function adminApi(accounts: () => UserAccount[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser(ADMIN)),
    'GET /api/users': () => jsonResponse(200, accounts()),
    'GET /api/users/settings': () => jsonResponse(200, SETTINGS),
    ...extra,
  });
}

async function openUsers() {
  renderApp('/utenti', { storedUser: ADMIN });
  await screen.findByRole('heading', { level: 1, name: 'Utenti' });
  await screen.findByRole('cell', { name: 'luca.bianchi@example.it' });
}

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe("two-factor sign-in on 'Utenti'", () => {
  it("requires it for everyone with a switch, and shows the server's refusal", async () => {
    let refuse = true;
    const calls = adminApi(
      () => [
        makeAccount({ ...ADMIN }),
        makeAccount({ _id: 'u-2', email: 'luca.bianchi@example.it', username: 'Luca' }),
      ],
      {
        'PUT /api/users/settings/two-factor': (call) =>
          refuse
            ? jsonResponse(409, {
                error:
                  'Prima attiva la verifica in due passaggi sul tuo account: poi potrai richiederla a tutti.',
                code: 'TWO_FACTOR_CONFLICT',
              })
            : jsonResponse(200, {
                ...SETTINGS,
                twoFactorRequired: (call.body as { required: boolean }).required,
              }),
      },
    );
    await openUsers();
    const toggle = screen.getByRole('switch', { name: 'Richiedi la verifica in due passaggi per tutti' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Prima attiva la verifica in due passaggi');
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    refuse = false;
    await userEvent.click(toggle);
    expect(await screen.findByText(/obbligatoria per tutti gli account/)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo(calls, 'PUT /api/users/settings/two-factor').map((c) => c.body)).toEqual([
      { required: true },
      { required: true },
    ]);
  });

  it('resets the two-factor sign-in of an account that lost its phone, after asking', async () => {
    let lucaHasIt = true;
    const calls = adminApi(
      () => [
        makeAccount({ ...ADMIN }),
        makeAccount({
          _id: 'u-2',
          email: 'luca.bianchi@example.it',
          username: 'Luca',
          twoFactorEnabled: lucaHasIt,
        }),
        makeAccount({
          _id: 'u-3',
          email: 'anna.verdi@example.it',
          username: 'Anna',
          twoFactorEnabled: false,
        }),
      ],
      {
        'DELETE /api/users/u-2/two-factor': () => {
          lucaHasIt = false;
          return jsonResponse(200, { message: 'Azzerata.' });
        },
      },
    );
    await openUsers();
    expect(rowOf('Luca').getByText('Verifica in due passaggi')).toBeInTheDocument();
    expect(rowOf('Anna').queryByRole('button', { name: /Azzera/ })).toBeNull();
    const reset = rowOf('Luca').getByRole('button', { name: 'Azzera verifica in due passaggi di Luca' });
    await userEvent.click(reset);
    const dialog = await screen.findByRole('dialog', {
      name: 'Azzerare la verifica in due passaggi di Luca?',
    });
    expect(dialog).toHaveTextContent('le sue sessioni si chiudono subito');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(callsTo(calls, 'DELETE /api/users/u-2/two-factor')).toHaveLength(0);

    await userEvent.click(reset);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Azzera' }));
    expect(
      await screen.findByText(
        'Verifica in due passaggi di Luca azzerata: accede con la password e può attivarla di nuovo.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Luca').queryByRole('button', { name: /Azzera/ })).toBeNull());
    expect(callsTo(calls, 'DELETE /api/users/u-2/two-factor')).toHaveLength(1);
  });
});
