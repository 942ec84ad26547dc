import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Vehicle } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeUser, makeVehicle, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const LIST = 'GET /api/veicoli';

const PUNTO = makeVehicle({
  _id: 'v-1',
  targa: 'AB123CD',
  telaio: 'ZFA18800000123456',
  marca: 'Fiat',
  modello: 'Punto',
  versione: '1.2 8V',
  annoImmatricolazione: '2004',
  dataIngresso: '2024-03-15',
  componenti: 12,
  immagini: ['/media/aaa.webp'],
  miniature: ['/media/aaa-thumb.webp'],
});
const GOLF = makeVehicle({
  _id: 'v-2',
  targa: 'EF456GH',
  telaio: null,
  marca: 'Volkswagen',
  modello: 'Golf',
  versione: null,
  annoImmatricolazione: '2009',
  dataIngresso: '2024-05-02',
  componenti: 1,
});

/** The list route answering `vehicles` with a total count of `total`. */
function serve(vehicles: Vehicle[], total = vehicles.length, me = ME_SIGNED_IN) {
  return mockApi({ ...me, [LIST]: () => jsonResponse(200, vehicles, { 'x-total-count': String(total) }) });
}

const lists = (calls: ApiCall[]) => callsTo(calls, LIST).map((call) => call.url.searchParams);

/** Pretends to be a phone (< 768 px): the list draws cards. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 767.98px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('VehiclesListPage', () => {
  it('shows the vehicles as a table, newest entry first, with their count and a link to each', async () => {
    const calls = serve([GOLF, PUNTO]);
    renderApp('/veicoli', { storedUser: TEST_USER });
    const table = await screen.findByRole('table', { name: 'Veicoli' });
    expect(document.title).toBe('Veicoli · Magazzino Ricambi');
    expect(screen.getByText('Veicoli trovati: 2')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Nessuna foto', 'Volkswagen Golf', '2009', '—non indicato', '02/05/2024', '1'],
      ['', 'Fiat Punto 1.2 8V', '2004', 'ZFA18800000123456', '15/03/2024', '12'],
    ]);
    expect(within(table).getByRole('link', { name: 'AB123CD' })).toHaveAttribute('href', '/veicoli/v-1');
    expect(screen.getByRole('link', { name: 'Aggiungi veicolo' })).toHaveAttribute('href', '/nuovoveicolo');
    expect(lists(calls)[0]?.get('limit')).toBe('20');
    expect(lists(calls)[0]?.get('offset')).toBe('0');
    // The navbar marks its area.
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).getByRole('link', { name: 'Veicoli' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts the filters in the URL and asks the server with them, back on page 1', async () => {
    const calls = serve([PUNTO], 45);
    const { router } = renderApp('/veicoli?pagina=2', { storedUser: TEST_USER });
    await screen.findByRole('table', { name: 'Veicoli' });
    expect(lists(calls)[0]?.get('offset')).toBe('20');
    expect(screen.getByText('Veicoli trovati: 45')).toBeInTheDocument();
    expect(screen.getByText(/Pagina 2 di 3/)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Paginazione' });
    expect(within(pages).getByRole('link', { name: 'Pagina 3' })).toHaveAttribute(
      'href',
      '/veicoli?pagina=3',
    );

    const search = screen.getByRole('search', { name: 'Filtri dei veicoli' });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Targa' }), {
      target: { value: 'ab 123' },
    });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Marca' }), { target: { value: 'fiat' } });
    await waitFor(() => expect(currentPath(router)).toBe('/veicoli?targa=ab+123&marca=fiat'));
    await waitFor(() => expect(lists(calls).at(-1)?.get('targa')).toBe('ab 123'));
    const last = lists(calls).at(-1);
    expect(last?.get('marca')).toBe('fiat');
    expect(last?.get('offset')).toBe('0');
    expect(last?.has('telaio')).toBe(false);

    // Back: the boxes follow the URL.
    router.navigate(-1)?.catch(() => {});
    await waitFor(() => expect(within(search).getByRole('searchbox', { name: 'Targa' })).toHaveValue(''));
  });

  it('says when no vehicle matches, with a way to clear the filters', async () => {
    serve([]);
    const { router } = renderApp('/veicoli?modello=zzz', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Nessun veicolo trovato' })).toBeInTheDocument();
    const empty = screen.getByRole('heading', { name: 'Nessun veicolo trovato' })
      .parentElement as HTMLElement;
    await userEvent.click(within(empty).getByRole('button', { name: 'Azzera filtri' }));
    await waitFor(() => expect(currentPath(router)).toBe('/veicoli'));
  });

  it('invites to register the first vehicle when there is none', async () => {
    serve([]);
    renderApp('/veicoli', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Nessun veicolo registrato' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aggiungi il primo veicolo' })).toHaveAttribute(
      'href',
      '/nuovoveicolo',
    );
  });

  it('shows a compact card per vehicle on a phone', async () => {
    onAPhone();
    serve([PUNTO]);
    renderApp('/veicoli', { storedUser: TEST_USER });
    const cards = await screen.findByRole('list', { name: 'Veicoli' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveTextContent('AB123CD');
    expect(card).toHaveTextContent('Fiat Punto 1.2 8V · 2004');
    expect(card).toHaveTextContent('15/03/2024 · 12 componenti');
    expect(within(card as HTMLElement).getByRole('link', { name: 'AB123CD' })).toHaveAttribute(
      'href',
      '/veicoli/v-1',
    );
    // Telaio, marca and modello fold behind 'Altri filtri'; the targa stays at hand.
    const toggle = screen.getByRole('button', { name: 'Altri filtri' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'vehicle-filter-panel');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('vehicle-filter-panel')).toHaveClass('vehicle-filter-panel-open');
  });

  it("offers no 'Aggiungi veicolo' to a sola lettura account", async () => {
    serve([PUNTO], 1, { 'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'sola_lettura' })) });
    renderApp('/veicoli', { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    await screen.findByRole('table', { name: 'Veicoli' });
    expect(screen.queryByRole('link', { name: 'Aggiungi veicolo' })).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, with Riprova', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () => jsonResponse(500, { error: 'Errore interno', code: 'INTERNAL' }),
    });
    renderApp('/veicoli', { storedUser: TEST_USER });
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Impossibile caricare i veicoli');
    expect(within(alert).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
