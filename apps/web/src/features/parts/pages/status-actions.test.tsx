import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part, Role, StatusChange } from '@magazzino/contract';
import { calendarDayFromToday } from '../components/format';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makePart, makeUser, TEST_USER } from '../../../testing/test-data';

const ID = 'p-5';
const CHANGE = `POST /api/componenti/stato/${ID}`;

/**
 * A warehouse of one part, `part` at first, as a user of `role` sees it: the list, the part, its
 * history, and a status change that stores what it is sent (or answers `refuse` instead).
 */
function serve(part: Part, role: Role = 'magazziniere', refuse?: () => Response) {
  let current = part;
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    'GET /api/componenti': () => jsonResponse(200, [current], { 'x-total-count': '1' }),
    [`GET /api/componenti/${ID}`]: () => jsonResponse(200, current, { etag: `"v${current.version}"` }),
    [`GET /api/componenti/storico/${ID}`]: () => jsonResponse(200, [], { 'x-total-count': '0' }),
    [CHANGE]: ({ body }) => {
      if (refuse) return refuse();
      const change = body as StatusChange;
      current = {
        ...current,
        stato: change.stato,
        version: current.version + 1,
        riserva:
          change.stato === 'riservato'
            ? { cliente: change.cliente, telefono: change.telefono, fino: change.fino }
            : null,
        vendita:
          change.stato === 'venduto'
            ? { prezzo: change.prezzo, data: change.data ?? calendarDayFromToday(0) }
            : null,
      };
      return jsonResponse(200, current, { etag: `"v${current.version}"` });
    },
  });
}

/** The list's only row, once drawn. */
async function openListRow(role: Role = 'magazziniere') {
  renderApp('/elencocomponenti', { storedUser: { ...TEST_USER, role } });
  const table = await screen.findByRole('table', {});
  const [row] = within(table).getAllByRole('row').slice(1);
  if (!row) throw new Error('a row expected');
  return row;
}

/** Opens the row's 'Cambia' menu and picks `action`. */
async function choose(row: HTMLElement, action: string) {
  await userEvent.click(within(row).getByRole('button', { name: /^Cambia lo stato di/ }));
  await userEvent.click(await screen.findByRole('button', { name: action }));
}

describe('quick status actions', () => {
  it('reserves a part from its list row: a week by default, the body the contract asks, the row updated', async () => {
    const calls = serve(makePart({ _id: ID, version: 3 }));
    const row = await openListRow();
    expect(within(row).getByText('Disponibile')).toBeInTheDocument();
    await choose(row, 'Riserva');

    const dialog = await screen.findByRole('dialog', { name: 'Riserva Faro anteriore sinistro' });
    const cliente = within(dialog).getByRole('textbox', { name: /^Cliente/ });
    await waitFor(() => expect(cliente).toHaveFocus());
    const fino = within(dialog).getByLabelText(/^Riservato fino al/);
    expect(fino).toHaveValue(calendarDayFromToday(7));
    // The customer is required, said before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Riserva' }));
    expect(await within(dialog).findByText('Il cliente è obbligatorio')).toBeInTheDocument();
    expect(callsTo(calls, CHANGE)).toHaveLength(0);

    await userEvent.type(cliente, 'Rossi');
    fireEvent.change(fino, { target: { value: '2099-11-30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Riserva' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = callsTo(calls, CHANGE);
    expect(sent?.body).toEqual({ stato: 'riservato', cliente: 'Rossi', telefono: null, fino: '2099-11-30' });
    expect(sent?.headers.get('if-match')).toBe('"v3"');
    expect(
      await screen.findByText('Faro anteriore sinistro: riservato per Rossi fino al 30/11/2099.'),
    ).toBeInTheDocument();
    // The list is asked again: the row now says so, with the last day.
    const updated = screen.getAllByRole('row')[1];
    await waitFor(() => expect(updated).toHaveTextContent(/Riservatofino al 30\/11\/2099/));
  });

  it('sells with a price typed the Italian way, prefilled with the asking price', async () => {
    const calls = serve(makePart({ _id: ID, prezzo: 45 }));
    const row = await openListRow();
    await choose(row, 'Vendi');
    const dialog = await screen.findByRole('dialog', { name: 'Vendi Faro anteriore sinistro' });
    const prezzo = within(dialog).getByRole('textbox', { name: /^Prezzo di vendita/ });
    expect(prezzo).toHaveValue('45,00');
    expect(within(dialog).getByLabelText('Data di vendita')).toHaveValue(calendarDayFromToday(0));
    await userEvent.clear(prezzo);
    await userEvent.type(prezzo, '40,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registra la vendita' }));
    await waitFor(() => expect(callsTo(calls, CHANGE)).toHaveLength(1));
    expect(callsTo(calls, CHANGE)[0]?.body).toEqual({
      stato: 'venduto',
      prezzo: 40.5,
      data: calendarDayFromToday(0),
    });
    expect(await screen.findByText('Faro anteriore sinistro: venduto a € 40,50.')).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog, and keeps it open", async () => {
    serve(makePart({ _id: ID }), 'magazziniere', () =>
      jsonResponse(409, {
        error: 'Un componente venduto può solo essere reso',
        code: 'INVALID_TRANSITION',
      }),
    );
    const row = await openListRow();
    await choose(row, 'Vendi');
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Prezzo di vendita/ }),
      '{Control>}a{/Control}10',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registra la vendita' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Un componente venduto può solo essere reso',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers only the moves the status allows: a sold part can only come back', async () => {
    serve(makePart({ _id: ID, stato: 'venduto', vendita: { prezzo: 40, data: '2026-11-20' } }));
    const row = await openListRow();
    await userEvent.click(within(row).getByRole('button', { name: /^Cambia lo stato di/ }));
    const menu = await screen.findByRole('button', { name: 'Registra reso' });
    expect(menu.parentElement?.querySelectorAll('button')).toHaveLength(1);
  });

  it('shows a sola lettura account the status on the list, but no quick action', async () => {
    serve(makePart({ _id: ID }), 'sola_lettura');
    const row = await openListRow('sola_lettura');
    expect(within(row).getByText('Disponibile')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cambia/ })).not.toBeInTheDocument();
  });

  it("moves a part at once from its page ('Rendi disponibile'), sending the page's ETag", async () => {
    const calls = serve(
      makePart({
        _id: ID,
        stato: 'riservato',
        version: 4,
        riserva: { cliente: 'Rossi', telefono: '333 1234567', fino: '2099-11-30' },
      }),
    );
    renderApp(`/componente/${ID}`, { storedUser: TEST_USER });
    const panel = await screen.findByRole('region', { name: 'Stato' });
    expect(panel).toHaveTextContent('Riservato per');
    expect(within(panel).getByRole('link', { name: '333 1234567' })).toHaveAttribute(
      'href',
      'tel:3331234567',
    );
    const actions = within(panel).getByRole('group', { name: 'Cambia lo stato di Faro anteriore sinistro' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cambia prenotazione', 'Vendi', 'Rendi disponibile', 'Scarta']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Rendi disponibile' }));
    expect(await screen.findByText('Faro anteriore sinistro: di nuovo disponibile.')).toBeInTheDocument();
    expect(callsTo(calls, CHANGE)[0]?.body).toEqual({ stato: 'disponibile' });
    expect(callsTo(calls, CHANGE)[0]?.headers.get('if-match')).toBe('"v4"');
    await waitFor(() => expect(within(panel).getByText('Disponibile')).toBeInTheDocument());
  });
});
