import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makePart, makeUser, TEST_USER } from '../../../testing/test-data';

const ID = 'p-9';
const PART = makePart({ _id: ID, nome: 'Pompa acqua' });

/** The server as a user of `role` sees it: a list of one part, the part, and the categories. */
function serve(role: Role) {
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    'GET /api/componenti': () => jsonResponse(200, [PART], { 'x-total-count': '1' }),
    [`GET /api/componenti/${ID}`]: () => jsonResponse(200, PART, { etag: '"1"' }),
    'GET /api/componenti/categorie': () => jsonResponse(200, [{ categoria: 'Motore', count: 1 }]),
    'GET /api/componenti/condizioni': () => jsonResponse(200, [{ condizione: 'Buona', count: 1 }]),
  });
}

const READ_ONLY = { ...TEST_USER, role: 'sola_lettura' as const };

describe('a sola lettura account', () => {
  it("sees 'Visualizza' but no 'Modifica', 'Cancella' or 'Aggiungi Componente' on the list", async () => {
    serve('sola_lettura');
    renderApp('/elencocomponenti', { storedUser: READ_ONLY });
    const table = await screen.findByRole('table', {});
    const main = within(screen.getByRole('main'));
    expect(within(table).getByRole('link', { name: 'Visualizza Pompa acqua' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^Modifica/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^Cancella/ })).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: 'Aggiungi Componente' })).not.toBeInTheDocument();
    // Export is reading, not writing: it stays.
    expect(main.getByRole('link', { name: 'Esporta Lista CSV' })).toBeInTheDocument();
  });

  it("is not offered 'Aggiungi Componente' on the dashboard", async () => {
    serve('sola_lettura');
    renderApp('/dashboardpage', { storedUser: READ_ONLY });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Elenco Componenti',
      'Consulta Magazzino',
      'Consulta Categorie',
    ]);
  });

  it("sees a part's page without 'Modifica', 'Cancella' and the quick actions", async () => {
    serve('sola_lettura');
    renderApp(`/componente/${ID}`, { storedUser: READ_ONLY });
    await screen.findByRole('heading', { level: 1, name: 'Pompa acqua' });
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link', { name: 'Modifica' })).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: 'Cancella' })).not.toBeInTheDocument();
    // The status, but none of its quick actions.
    expect(within(main.getByRole('region', { name: 'Stato' })).getByText('Disponibile')).toBeInTheDocument();
    expect(main.queryByRole('group', { name: /^Cambia lo stato/ })).not.toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Riserva' })).not.toBeInTheDocument();
  });

  it.each([
    ['/nuovocomponente', 'Aggiungi nuovo componente'],
    [`/modificacomponente/${ID}`, 'Visualizza/ Modifica componente'],
    [`/cancellacomponente/${ID}`, 'Richiesta cancellazione componente'],
  ])('gets a notice instead of the form on %s, and nothing is asked of the server', async (path, title) => {
    const calls = serve('sola_lettura');
    renderApp(path, { storedUser: READ_ONLY });
    await screen.findByRole('heading', { level: 1, name: title });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Il tuo ruolo non permette di cambiare i componenti');
    expect(alert).toHaveTextContent('Con il ruolo Sola lettura puoi consultare il magazzino');
    expect(screen.getByRole('link', { name: "Vai all'elenco dei componenti" })).toHaveAttribute(
      'href',
      '/elencocomponenti',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sì, cancella' })).not.toBeInTheDocument();
    expect(callsTo(calls, `GET /api/componenti/${ID}`)).toHaveLength(0);
  });

  it('a magazziniere still gets every control and the forms', async () => {
    serve('magazziniere');
    renderApp('/elencocomponenti', { storedUser: TEST_USER });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Modifica Pompa acqua' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Cancella Pompa acqua' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Aggiungi Componente' }),
    ).toBeInTheDocument();
  });
});
