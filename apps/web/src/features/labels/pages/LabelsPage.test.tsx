import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

/** Parts with codes R-000001, R-000002, ... and ids p-1, p-2, ... */
const parts = (n: number, from = 1) =>
  Array.from({ length: n }, (_, index) => {
    const seq = from + index;
    return makePart({
      _id: `p-${seq}`,
      codiceRicambio: `R-${String(seq).padStart(6, '0')}`,
      nome: `Faro ${seq}`,
      scaffale: 'B',
      campata: '04',
      ripiano: '3',
      cassetta: String(seq),
    });
  });

/** Opens the labels page at `query`, signed in, once its heading is there. */
async function open(query: string) {
  const view = renderApp(`/etichette?${query}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const labelsShown = () => screen.queryAllByRole('article');

describe('LabelsPage', () => {
  it("prints the chosen parts' labels in the order chosen, any status, on A4 sheets of 24", async () => {
    const found = parts(3);
    const calls = mockApi({
      ...ME_SIGNED_IN,
      // The server answers in its own order; the page keeps the order of the selection.
      'GET /api/componenti': () => jsonResponse(200, [found[2], found[0], found[1]]),
    });
    await open('tipo=componenti&ids=p-2,p-3,p-1');

    await waitFor(() => expect(labelsShown()).toHaveLength(3));
    expect(labelsShown().map((label) => label.getAttribute('aria-label'))).toEqual([
      'Etichetta di R-000002, Faro 2',
      'Etichetta di R-000003, Faro 3',
      'Etichetta di R-000001, Faro 1',
    ]);
    const [call] = callsTo(calls, 'GET /api/componenti');
    expect(call?.url.searchParams.get('ids')).toBe('p-2,p-3,p-1');
    expect(call?.url.searchParams.get('stato')).toBe('tutti');
    expect(screen.getByText('3 etichette su 1 foglio A4 da 24 (70 × 37 mm)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Foglio 1 di 1' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Foglio A4 (3 × 8)' })).toBeChecked();
    // The paper: an A4 sheet, no side margins.
    expect(document.querySelector('style')?.textContent).toMatch(/@page \{ size: A4;/);
    expect(document.body).toHaveClass('print-labels');
  });

  it('switches to the roll: one 62 × 29 mm label per page, kept in the URL; Stampa prints', async () => {
    mockApi({ ...ME_SIGNED_IN, 'GET /api/componenti': () => jsonResponse(200, parts(2)) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { router } = await open('tipo=componenti&ids=p-1,p-2');
    await waitFor(() => expect(labelsShown()).toHaveLength(2));

    await userEvent.click(screen.getByRole('radio', { name: 'Rotolo 62 mm' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/etichette?tipo=componenti&ids=p-1%2Cp-2&formato=rotolo'),
    );
    expect(screen.getByRole('list', { name: 'Etichette da stampare' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Foglio/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 etichette da 62 × 29 mm, una per etichetta del rotolo')).toBeInTheDocument();
    expect(document.querySelector('style')?.textContent).toContain('@page { size: 62mm 29mm; margin: 0; }');

    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('fills a second sheet past 24 labels, and says which chosen parts are gone', async () => {
    const found = parts(25);
    const ids = [...found.map((part) => part._id), 'p-gone'];
    mockApi({ ...ME_SIGNED_IN, 'GET /api/componenti': () => jsonResponse(200, found) });
    await open(`tipo=componenti&ids=${ids.join(',')}`);

    const second = await screen.findByRole('region', { name: 'Foglio 2 di 2' });
    expect(within(second).getAllByRole('article')).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Foglio 1 di 2' })).getAllByRole('article'),
    ).toHaveLength(24);
    expect(screen.getByText(/1 componente scelto non esiste più/)).toBeInTheDocument();
  });

  it("a location's parts: read page after page, sorted by location, with the lookup's status filter", async () => {
    const all = parts(130);
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/magazzino/B/04': (call) => {
        const offset = Number(call.url.searchParams.get('offset'));
        const limit = Number(call.url.searchParams.get('limit'));
        return jsonResponse(200, all.slice(offset, offset + limit));
      },
    });
    await open('tipo=componenti&scaffale=B&campata=04&stato=tutti');

    expect(await screen.findByRole('heading', { level: 1, name: 'Etichette B-04' })).toBeInTheDocument();
    await waitFor(() => expect(labelsShown()).toHaveLength(130));
    const pages = callsTo(calls, 'GET /api/componenti/magazzino/B/04').map((call) => call.url.search);
    expect(pages).toEqual([
      '?limit=100&offset=0&sort=ubicazione&stato=tutti',
      '?limit=100&offset=100&sort=ubicazione&stato=tutti',
    ]);
    expect(screen.getByRole('link', { name: /Indietro/ })).toHaveAttribute(
      'href',
      '/consultamagazzino?scaffale=B&campata=04',
    );
  });

  it("a location's bins: one label per bin from GET /api/ubicazioni", async () => {
    const bin = (cassetta: string) => ({
      scaffale: 'B',
      campata: '04',
      ripiano: '3',
      cassetta,
      codice: `B-04-3-${cassetta}`,
      componenti: 2,
    });
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/magazzino/B/04/3': () => jsonResponse(200, []),
      'GET /api/ubicazioni': () => jsonResponse(200, { ubicazioni: [bin('1'), bin('12')], troncato: false }),
    });
    const { router } = await open('tipo=componenti&scaffale=B&campata=04&ripiano=3');
    expect(await screen.findByText('In questa ubicazione non ci sono componenti.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Cassette' }));
    await waitFor(() => expect(currentPath(router)).toContain('tipo=ubicazioni'));
    await waitFor(() => expect(labelsShown()).toHaveLength(2));
    expect(labelsShown().map((label) => label.getAttribute('aria-label'))).toEqual([
      'Etichetta della cassetta B-04-3-1',
      'Etichetta della cassetta B-04-3-12',
    ]);
    expect(callsTo(calls, 'GET /api/ubicazioni')[0]?.url.search).toBe('?scaffale=B&campata=04&ripiano=3');
  });

  it('the exact place is one bin label without asking the server; nothing asked says where to choose', async () => {
    const calls = mockApi(ME_SIGNED_IN);
    await open('tipo=ubicazioni&scaffale=b&campata=04&ripiano=3&cassetta=12');
    expect(
      await screen.findByRole('article', { name: 'Etichetta della cassetta B-04-3-12' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname !== '/api/users/me')).toHaveLength(0);
  });

  it('with nothing chosen: where to choose from, and no Stampa to press', async () => {
    mockApi(ME_SIGNED_IN);
    await open('');
    expect(screen.getByRole('heading', { name: 'Nessuna etichetta da stampare' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai all’elenco' })).toHaveAttribute('href', '/elencocomponenti');
    expect(screen.getByRole('button', { name: 'Stampa' })).toBeDisabled();
  });

  it("says so when the parts cannot be read, with 'Riprova'", async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti': () =>
        jsonResponse(503, { error: 'Servizio non disponibile', code: 'UNAVAILABLE' }),
    });
    await open('tipo=componenti&ids=p-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossibile preparare le etichette');
    expect(within(alert).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
