import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccountSettings, UserAccount } from '@magazzino/contract';
import { formatDateTime } from '../../../lib/format';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makeAccount, makeUser, TEST_USER } from '../../../testing/test-data';

const ADMIN = { ...TEST_USER, role: 'amministratore' as const };
const ACCOUNTS: UserAccount[] = [
  makeAccount({ ...ADMIN, createdAt: '2025-01-01T09:00:00.000Z' }),
  makeAccount({
    _id: 'u-2',
    email: 'luca.bianchi@example.it',
    username: 'Luca',
    createdAt: '2025-02-01T09:00:00.000Z',
  }),
  makeAccount({
    _id: 'u-3',
    email: 'anna.verdi@example.it',
    username: 'Anna',
    role: 'sola_lettura',
    status: 'disabilitato',
    createdAt: '2025-03-01T09:00:00.000Z',
  }),
];
const SETTINGS: AccountSettings = { signup: 'open', signupRole: 'magazziniere', twoFactorRequired: false };

/** The API of an amministratore on 'Utenti', with `extra` routes added or replaced. */
function adminApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser(ADMIN)),
    'GET /api/users': () => jsonResponse(200, ACCOUNTS),
    'GET /api/users/settings': () => jsonResponse(200, SETTINGS),
    ...extra,
  });
}

async function openAsAdmin() {
  const view = renderApp('/utenti', { storedUser: ADMIN });
  await screen.findByRole('heading', { level: 1, name: 'Utenti' });
  await screen.findByRole('cell', { name: 'luca.bianchi@example.it' });
  return view;
}

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe("'Utenti' for an amministratore", () => {
  it('lists every account with its role, status and creation, and the role of new accounts', async () => {
    adminApi();
    await openAsAdmin();
    expect(document.title).toBe('Utenti · Magazzino Ricambi');
    const table = screen.getByRole('table', { name: 'Account' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Nome', 'Email', 'Ruolo', 'Stato', 'Creato il', 'Azioni']);
    expect(rowOf('Mario').getByText('(tu)')).toBeInTheDocument();
    expect(rowOf('Mario').getByRole('combobox', { name: 'Ruolo di Mario' })).toHaveValue('amministratore');
    expect(rowOf('Luca').getByRole('combobox', { name: 'Ruolo di Luca' })).toHaveValue('magazziniere');
    expect(rowOf('Anna').getByText('Disabilitato')).toBeInTheDocument();
    expect(rowOf('Luca').getByText('Attivo')).toBeInTheDocument();
    expect(rowOf('Luca').getByText(formatDateTime('2025-02-01T09:00:00.000Z'))).toHaveAttribute(
      'datetime',
      '2025-02-01T09:00:00.000Z',
    );
    // Nobody disables their own account; a disabled one gets no reset link, only 'Riattiva'.
    expect(rowOf('Mario').queryByRole('button', { name: /Disabilita/ })).toBeNull();
    expect(rowOf('Luca').getByRole('button', { name: "Disabilita l'account di Luca" })).toBeEnabled();
    expect(rowOf('Anna').getByRole('button', { name: "Riattiva l'account di Anna" })).toBeEnabled();
    expect(rowOf('Anna').queryByRole('button', { name: /Invia link password/ })).toBeNull();

    expect(screen.getByLabelText('Ruolo dei nuovi account')).toHaveValue('magazziniere');
    expect(screen.getByText(/La registrazione è aperta/)).toBeInTheDocument();
    expect(screen.getByText(/consulta, cerca ed esporta, senza modificare/)).toBeInTheDocument();
  });

  it('changes a role at once and says so', async () => {
    let accounts = ACCOUNTS;
    const calls = adminApi({
      'GET /api/users': () => jsonResponse(200, accounts),
      'PATCH /api/users/u-2': () => {
        accounts = accounts.map((a) => (a._id === 'u-2' ? { ...a, role: 'sola_lettura' } : a));
        return jsonResponse(200, accounts[1]);
      },
    });
    await openAsAdmin();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ruolo di Luca' }), 'sola_lettura');
    expect(await screen.findByText('Ruolo di Luca cambiato: Sola lettura.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH /api/users/u-2').map((c) => c.body)).toEqual([{ role: 'sola_lettura' }]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Ruolo di Luca' })).toHaveValue('sola_lettura'),
    );
    // The list was read again after the change.
    expect(callsTo(calls, 'GET /api/users').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before disabling an account, then disables it; re-enables without asking', async () => {
    const calls = adminApi({
      'PATCH /api/users/u-2': () => jsonResponse(200, { ...ACCOUNTS[1], status: 'disabilitato' }),
      'PATCH /api/users/u-3': () => jsonResponse(200, { ...ACCOUNTS[2], status: 'attivo' }),
    });
    await openAsAdmin();
    await userEvent.click(rowOf('Luca').getByRole('button', { name: "Disabilita l'account di Luca" }));
    const dialog = await screen.findByRole('dialog', { name: "Disabilitare l'account di Luca?" });
    expect(dialog).toHaveTextContent('Le sue sessioni si chiudono subito');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(callsTo(calls, 'PATCH /api/users/u-2')).toHaveLength(0);

    await userEvent.click(rowOf('Luca').getByRole('button', { name: "Disabilita l'account di Luca" }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disabilita' }),
    );
    expect(
      await screen.findByText('Account di Luca disabilitato: le sue sessioni sono state chiuse.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH /api/users/u-2').map((c) => c.body)).toEqual([{ status: 'disabilitato' }]);

    await userEvent.click(rowOf('Anna').getByRole('button', { name: "Riattiva l'account di Anna" }));
    expect(await screen.findByText('Account di Anna riattivato.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH /api/users/u-3').map((c) => c.body)).toEqual([{ status: 'attivo' }]);
  });

  it("asks before giving up one's own role, and shows the server's refusal of the last amministratore", async () => {
    const calls = adminApi({
      'PATCH /api/users/u-1': () =>
        jsonResponse(409, {
          code: 'LAST_ADMIN',
          error:
            "È l'unico amministratore attivo: nomina prima un altro amministratore, poi cambia il suo ruolo o disabilitalo.",
        }),
    });
    await openAsAdmin();
    const select = screen.getByRole('combobox', { name: 'Ruolo di Mario' });
    await userEvent.selectOptions(select, 'magazziniere');
    const dialog = await screen.findByRole('dialog', { name: 'Rinunciare al ruolo di amministratore?' });
    expect(dialog).toHaveTextContent('Diventerai «Magazziniere»');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambia il mio ruolo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Il ruolo non è stato cambiato');
    expect(alert).toHaveTextContent("È l'unico amministratore attivo");
    expect(callsTo(calls, 'PATCH /api/users/u-1').map((c) => c.body)).toEqual([{ role: 'magazziniere' }]);
    expect(select).toHaveValue('amministratore');
  });

  it('sends a password-reset link and repeats what the server said', async () => {
    const calls = adminApi({
      'POST /api/users/u-2/password-reset': () =>
        jsonResponse(200, { message: 'Link per reimpostare la password inviato a luca.bianchi@example.it.' }),
    });
    await openAsAdmin();
    await userEvent.click(rowOf('Luca').getByRole('button', { name: 'Invia link password a Luca' }));
    expect(
      await screen.findByText('Link per reimpostare la password inviato a luca.bianchi@example.it.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/users/u-2/password-reset')).toHaveLength(1);
  });

  it('saves the role of new accounts', async () => {
    const calls = adminApi({
      'PUT /api/users/settings': (call) => jsonResponse(200, { ...SETTINGS, ...(call.body as object) }),
    });
    await openAsAdmin();
    await userEvent.selectOptions(screen.getByLabelText('Ruolo dei nuovi account'), 'sola_lettura');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Da ora i nuovi account saranno: Sola lettura.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT /api/users/settings').map((c) => c.body)).toEqual([
      { signupRole: 'sola_lettura' },
    ]);
  });

  it('shows one card per account on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width: 767.98px'),
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    adminApi();
    renderApp('/utenti', { storedUser: ADMIN });
    const list = await screen.findByRole('list', { name: 'Account' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('combobox', { name: 'Ruolo di Luca' })).toHaveValue('magazziniere');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('approves a request with the role picked, kept while the screen turns from table to cards', async () => {
    // A screen whose width the test sets, telling the page when it crosses a media query.
    const phoneQuery = '(max-width: 767.98px)';
    let phone = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          get matches() {
            return query === phoneQuery && phone;
          },
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    const waiting = makeAccount({
      _id: 'u-4',
      email: 'paolo.neri@example.it',
      username: 'Paolo',
      status: 'in_attesa',
      createdAt: '2025-04-01T09:00:00.000Z',
    });
    let accounts = [...ACCOUNTS, waiting];
    const calls = adminApi({
      'GET /api/users': () => jsonResponse(200, accounts),
      'POST /api/users/u-4/approve': (call) => {
        const { role } = call.body as { role: UserAccount['role'] };
        accounts = accounts.map((a) => (a._id === 'u-4' ? { ...a, role, status: 'attivo' } : a));
        return jsonResponse(200, accounts[3]);
      },
    });
    await openAsAdmin();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ruolo per Paolo' }), 'sola_lettura');
    // The phone is turned: the requests are drawn as cards, then as a table again.
    for (const turned of [true, false]) {
      phone = turned;
      act(() => listeners.forEach((listener) => listener()));
      expect(screen.getByRole('combobox', { name: 'Ruolo per Paolo' })).toHaveValue('sola_lettura');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Approva la richiesta di Paolo' }));
    expect(await screen.findByText(/Paolo.*Sola lettura/)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/users/u-4/approve').map((c) => c.body)).toEqual([
      { role: 'sola_lettura' },
    ]);
    await waitFor(() =>
      expect(rowOf('Paolo').getByRole('combobox', { name: 'Ruolo di Paolo' })).toHaveValue('sola_lettura'),
    );
  });

  it("offers 'Utenti' in the user menu, with the role", async () => {
    adminApi();
    await openAsAdmin();
    await userEvent.click(screen.getByRole('button', { name: ADMIN.email }));
    expect(await screen.findByText('Ruolo: Amministratore')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Utenti' })).toHaveAttribute('href', '/utenti');
  });
});

describe("'Utenti' for anyone else", () => {
  it('says it is for amministratori and asks the server for nothing', async () => {
    const calls = mockApi({ 'GET /api/users/me': () => jsonResponse(200, makeUser()) });
    renderApp('/utenti', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Accesso non consentito' })).toBeInTheDocument();
    expect(screen.getByText(/riservata agli amministratori/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET /api/users')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: TEST_USER.email }));
    expect(await screen.findByText('Ruolo: Magazziniere')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Utenti' })).toBeNull();
  });

  it('turns into that notice when the server says the stored role is out of date (403)', async () => {
    mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'magazziniere' })),
      'GET /api/users': () =>
        jsonResponse(403, {
          code: 'FORBIDDEN',
          error:
            'Il tuo ruolo (Magazziniere) non permette questa operazione: se ti serve, chiedi a un amministratore.',
        }),
      'GET /api/users/settings': () => jsonResponse(200, SETTINGS),
    });
    // The browser still remembers an amministratore; the first /me answer is not awaited here.
    renderApp('/utenti', { storedUser: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Accesso non consentito' })).toBeInTheDocument();
  });

  it("hides 'Aggiungi Componente' from the bar of a sola lettura account", async () => {
    const reader = { ...TEST_USER, role: 'sola_lettura' as const };
    mockApi({ 'GET /api/users/me': () => jsonResponse(200, makeUser(reader)) });
    renderApp('/utenti', { storedUser: reader });
    await screen.findByRole('heading', { name: 'Accesso non consentito' });
    const bar = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(within(bar).getByRole('link', { name: 'Elenco Componenti' })).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Aggiungi Componente' })).toBeNull();
  });
});
