import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartEvent, Role } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeUser, TEST_USER } from '../../../testing/test-data';

const ACTIVITY = 'GET /api/attivita';

/** Event `n`: Anna sold part p-`n`, or (utente null) a reservation of it ran out. */
function event(n: number, utente: PartEvent['utente'] = { _id: 'u-2', username: 'Anna' }): PartEvent {
  return {
    _id: `e-${n}`,
    componente: { _id: `p-${n}`, nome: `Alternatore ${n}` },
    tipo: 'stato',
    utente,
    modifiche: utente
      ? [
          { campo: 'stato', prima: 'disponibile', dopo: 'venduto' },
          { campo: 'prezzoVendita', prima: null, dopo: 40 },
        ]
      : [{ campo: 'stato', prima: 'riservato', dopo: 'disponibile' }],
    at: '2026-11-24T09:15:00.000Z',
  };
}

/** 60 events in all, 50 per page; the accounts of the filter; TEST_USER signed in as `role`. */
function serve(role: Role = 'magazziniere') {
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    'GET /api/attivita/utenti': () =>
      jsonResponse(200, [
        { _id: 'u-1', username: 'Mario' },
        { _id: 'u-2', username: 'Anna' },
      ]),
    [ACTIVITY]: ({ url }) => {
      const offset = Number(url.searchParams.get('offset'));
      const size = offset === 0 ? 50 : 10;
      const events = Array.from({ length: size }, (_, i) => event(offset + i, i === 1 ? null : undefined));
      return jsonResponse(200, events, { 'x-total-count': '60' });
    },
  });
}

describe('ActivityPage', () => {
  it('lists every change as a sentence naming its part, 50 at a time', async () => {
    const calls = serve();
    renderApp('/attivita', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attività' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Attività' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Anna ha venduto il componente a € 40,00');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Alternatore 0' })).toHaveAttribute(
      'href',
      '/componente/p-0',
    );
    expect(second).toHaveTextContent(
      'Il sistema ha rimesso disponibile il componente (prenotazione scaduta)',
    );
    expect(screen.getByText('60 attività')).toBeInTheDocument();
    expect(callsTo(calls, ACTIVITY)[0]?.url.search).toBe('?limit=50&offset=0');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra altri' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(callsTo(calls, ACTIVITY)[1]?.url.searchParams.get('offset')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
  });

  it("sends the account and the local day's bounds chosen, kept in the URL", async () => {
    const calls = serve();
    const { router } = renderApp('/attivita', { storedUser: TEST_USER });
    const user = await screen.findByRole('combobox', { name: 'Utente' });
    await within(user).findByRole('option', { name: 'Anna' });
    expect(user).toHaveDisplayValue('Tutti');
    await userEvent.selectOptions(user, 'Anna');
    await waitFor(() => expect(currentPath(router)).toBe('/attivita?utente=u-2'));
    await waitFor(() => expect(callsTo(calls, ACTIVITY).at(-1)?.url.searchParams.get('utente')).toBe('u-2'));

    fireEvent.change(screen.getByLabelText('Giorno'), { target: { value: '2026-11-24' } });
    await waitFor(() => expect(currentPath(router)).toBe('/attivita?utente=u-2&giorno=2026-11-24'));
    await waitFor(() => expect(callsTo(calls, ACTIVITY).at(-1)?.url.searchParams.has('dal')).toBe(true));
    const sent = callsTo(calls, ACTIVITY).at(-1)?.url.searchParams;
    // The clerk's day, from its local midnight to the next one.
    expect(sent?.get('dal')).toBe(new Date(2026, 10, 24).toISOString());
    expect(sent?.get('al')).toBe(new Date(2026, 10, 25).toISOString());
    expect(sent?.get('utente')).toBe('u-2');

    await userEvent.click(screen.getByRole('button', { name: 'Tutti i giorni' }));
    await waitFor(() => expect(currentPath(router)).toBe('/attivita?utente=u-2'));
  });

  it("is in the navbar's user menu for every signed-in user, 'Cestino' only for roles that change parts", async () => {
    serve('sola_lettura');
    renderApp('/attivita?giorno=2026-11-24', { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    await screen.findByRole('heading', { level: 1, name: 'Attività' });
    expect(screen.getByLabelText('Giorno')).toHaveValue('2026-11-24');
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    await userEvent.click(within(nav).getByRole('button', { name: TEST_USER.email }));
    const link = await within(nav).findByRole('link', { name: 'Attività' });
    expect(link).toHaveAttribute('href', '/attivita');
    // A menu item carries no aria-current (axe: aria-allowed-attr); the page's heading says where.
    expect(link).not.toHaveAttribute('aria-current');
    expect(within(nav).queryByRole('link', { name: 'Cestino' })).not.toBeInTheDocument();
  });

  it("offers 'Cestino' in the user menu to a magazziniere", async () => {
    serve();
    renderApp('/attivita', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Attività' });
    await userEvent.click(screen.getByRole('button', { name: TEST_USER.email }));
    expect(await screen.findByRole('link', { name: 'Cestino' })).toHaveAttribute('href', '/cestino');
  });
});
