import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Part } from '@magazzino/contract';
import { callsTo, deferredResponse, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/elencocomponenti';
const LIST = 'GET /api/componenti';

/** Opens the list at `url`, signed in, once its chunk has loaded. */
async function render(url = PATH, storedUser = TEST_USER) {
  const view = renderApp(url, { storedUser });
  await screen.findByRole('heading', { level: 1, name: 'Elenco Componenti' });
  return view;
}

/** One page of two parts (the second without a photo) out of `count`. */
function listPage(count: number, offset: number): Response {
  return jsonResponse(
    200,
    [makePart({ _id: `p${offset}` }), makePart({ _id: `q${offset}`, urlMiniatura: null, urlImmagine: null })],
    { 'x-total-count': String(count) },
  );
}

/** The list answers `count` parts in all and one page of two. */
function serveList(count = 100_000) {
  return mockApi({
    ...ME_SIGNED_IN,
    [LIST]: ({ url }) => listPage(count, Number(url.searchParams.get('offset'))),
  });
}
const listCalls = (calls: ApiCall[]) => callsTo(calls, LIST);
const lastList = (calls: ApiCall[]) => listCalls(calls).at(-1)?.url.searchParams;

/** Keeps the AbortSignal of every fetch the page makes (mockApi's fetch still answers). */
function recordSignals(): (AbortSignal | null | undefined)[] {
  const signals: (AbortSignal | null | undefined)[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    signals.push(init?.signal);
    return answer(input, init);
  });
  return signals;
}

/** Pretends to be a phone (< 768 px): the lists draw cards. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 767.98px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Cerca ovunque' });

describe('PartsListPage', () => {
  it('shows the loading line, then the columns with formatted cells and the location on one line', async () => {
    const answer = deferredResponse();
    mockApi({ ...ME_SIGNED_IN, [LIST]: () => answer.response });
    await render();
    // Skeleton rows in the table's shape, announced once as 'Caricamento in corso…'.
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento in corso…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    answer.release(listPage(100_000, 0));
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      // The checkboxes that choose rows for labels.
      'Selezione',
      'Immagine',
      'Codice',
      'Nome',
      'Stato',
      'Cat',
      'Condizione',
      'Marca',
      // The version is shown under the model, and named under its header.
      'Modelloversione',
      'Anno',
      'Ubicazione',
      'Peso',
      'Prezzo',
      'Inserito il',
      'Gestisci',
    ]);
    // The sortable headers are buttons; the others plain text.
    expect(
      within(table).getAllByRole('button', {
        name: /^(Nome|Stato|Marca|Anno|Ubicazione|Peso|Prezzo|Inserito il)/,
      }),
    ).toHaveLength(8);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    const thumb = within(first).getByRole('button', {
      name: 'Ingrandisci la foto di Faro anteriore sinistro',
    });
    expect(thumb.querySelector('img')).toHaveAttribute('src', '/media/0123456789abcdef-thumb.webp');
    expect(thumb.querySelector('img')).toHaveAttribute('width', '64');
    expect(within(second).getByText('Nessuna foto')).toBeInTheDocument();
    const code = within(first).getByRole('link', { name: /51787654/ });
    expect(code).toHaveAttribute('href', 'https://www.google.com/search?q=51787654');
    expect(code).toHaveAttribute('target', '_blank');
    expect(code).toHaveAttribute('rel', 'noopener noreferrer');
    // The part's own code under the OEM code, as its label prints it, named for screen readers.
    expect(first.querySelector('.parts-col-codice .part-code')).toHaveTextContent('Codice ricambio R-000001');
    expect(within(first).getByText('Codice ricambio')).toHaveClass('visually-hidden');
    expect(within(first).getByText('1,5 Kg')).toBeInTheDocument();
    expect(within(first).getByText('€ 45,00')).toBeInTheDocument();
    expect(within(first).getByText('Disponibile')).toHaveClass('badge', 'bg-success');
    expect(within(first).getByText('01/01/26')).toHaveAttribute('datetime', '2026-01-01T10:00:00.000Z');
    // The location: one line on screen, in words for screen readers.
    const location = first.querySelector('.parts-location');
    expect(location?.querySelector('[aria-hidden="true"]')).toHaveTextContent('A · 1 · 2 · 3');
    expect(within(first).getByText('Scaffale A, campata 1, ripiano 2, cassetta 3')).toHaveClass(
      'visually-hidden',
    );
    expect(within(first).getByRole('link', { name: 'Visualizza Faro anteriore sinistro' })).toHaveAttribute(
      'href',
      '/componente/p0',
    );
    expect(within(first).getByRole('link', { name: 'Modifica Faro anteriore sinistro' })).toHaveAttribute(
      'href',
      '/modificacomponente/p0',
    );
    expect(within(first).getByRole('link', { name: 'Cancella Faro anteriore sinistro' })).toHaveAttribute(
      'href',
      '/cancellacomponente/p0',
    );
    expect(screen.getByText('Componenti trovati: 100.000')).toBeInTheDocument();
  });

  it('pages with a window of numbered links, the current one marked', async () => {
    const calls = serveList(100);
    const { router } = await render(`${PATH}?pagina=10`);
    const nav = await screen.findByRole('navigation', { name: 'Paginazione' });
    const current = within(nav).getByText('Pagina 10').closest('[aria-current]');
    expect(current).toHaveAttribute('aria-current', 'page');
    const labels = within(nav)
      .getAllByText(/^Pagina \d+$/)
      .map((el) => el.textContent);
    expect(labels).toEqual([
      'Pagina 1',
      'Pagina 8',
      'Pagina 9',
      'Pagina 10',
      'Pagina 11',
      'Pagina 12',
      'Pagina 20',
    ]);
    expect(lastList(calls)?.get('offset')).toBe('45');
    await userEvent.click(within(nav).getByRole('link', { name: 'Pagina successiva' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?pagina=11`));
    await waitFor(() => expect(lastList(calls)?.get('offset')).toBe('50'));
    await userEvent.click(within(nav).getByRole('link', { name: 'Prima pagina' }));
    await waitFor(() => expect(currentPath(router)).toBe(PATH));
  });

  it('sends typed filters after a pause, back on page 1, and keeps them in the URL', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?pagina=3`);
    await screen.findByRole('table');
    const before = listCalls(calls).length;
    await userEvent.type(screen.getByPlaceholderText('Inserisci il nome'), 'faro');
    await userEvent.type(screen.getByPlaceholderText('Inserisci la marca'), 'fiat');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?nome=faro&marca=fiat`));
    await waitFor(() => expect(lastList(calls)?.get('marca')).toBe('fiat'));
    const sent = listCalls(calls)
      .slice(before)
      .map((call) => call.url.search);
    // Debounced: no request per keystroke.
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(listCalls(calls).at(-1)?.url.search).toBe('?nome=faro&marca=fiat&limit=5&offset=0');
    expect(screen.getByRole('link', { name: 'Esporta Lista CSV' })).toHaveAttribute(
      'href',
      '/api/componenti/export.csv?nome=faro&marca=fiat',
    );
  });

  it('restores filters from a shared link, follows back/forward, and resets', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?modello=punto&perPagina=20`);
    await screen.findByRole('table');
    expect(screen.getByPlaceholderText('Inserisci il modello')).toHaveValue('punto');
    expect(screen.getByLabelText('Componenti per pagina')).toHaveValue('20');
    expect(listCalls(calls)[0]?.url.search).toBe('?modello=punto&limit=20&offset=0');

    await userEvent.selectOptions(screen.getByLabelText('Componenti per pagina'), '10');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?modello=punto&perPagina=10`));
    await userEvent.click(screen.getByRole('button', { name: 'Azzera filtri' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?perPagina=10`));
    expect(screen.getByPlaceholderText('Inserisci il modello')).toHaveValue('');

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByPlaceholderText('Inserisci il modello')).toHaveValue('punto'));
    expect(screen.getByLabelText('Componenti per pagina')).toHaveValue('10');
  });

  it('says when nothing matches', async () => {
    mockApi({ ...ME_SIGNED_IN, [LIST]: () => jsonResponse(200, [], { 'x-total-count': '0' }) });
    await render(`${PATH}?nome=zzz`);
    expect(await screen.findByText('Nessun componente trovato')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed call in Italian with Riprova, which asks again', async () => {
    let fail = true;
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () =>
        fail
          ? jsonResponse(503, { error: 'Servizio non disponibile, riprova tra poco' })
          : jsonResponse(200, [makePart()], { 'x-total-count': '1' }),
    });
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossibile caricare i componenti');
    expect(alert).toHaveTextContent('Servizio non disponibile, riprova tra poco');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves a page past the end to the last page, without a history entry', async () => {
    serveList(12);
    const { router } = await render(`${PATH}?pagina=9`);
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?pagina=3`));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('Cerca ovunque', () => {
  it('waits for a third character (or Enter), then searches from page 1 and keeps q in the URL', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?pagina=2&marca=fiat`);
    await screen.findByRole('table');
    expect(searchBox()).toHaveAttribute('placeholder', 'Nome, codice, marca, modello, ubicazione…');
    const before = listCalls(calls).length;

    await userEvent.type(searchBox(), 'fa');
    // Well past the pause: one or two characters send nothing by themselves.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listCalls(calls)).toHaveLength(before);
    expect(currentPath(router)).toBe(`${PATH}?pagina=2&marca=fiat`);

    await userEvent.type(searchBox(), '{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?marca=fiat&q=fa`));
    await waitFor(() => expect(lastList(calls)?.get('q')).toBe('fa'));

    await userEvent.type(searchBox(), 'ro post');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?marca=fiat&q=faro+post`));
    await waitFor(() => expect(lastList(calls)?.get('q')).toBe('faro post'));
    expect(lastList(calls)?.get('offset')).toBe('0');
    expect(screen.getByRole('link', { name: 'Esporta Lista CSV' })).toHaveAttribute(
      'href',
      '/api/componenti/export.csv?marca=fiat&q=faro+post',
    );
    // Debounced: far fewer requests than keystrokes.
    expect(listCalls(calls).length - before).toBeLessThanOrEqual(3);

    // An emptied box clears the search.
    await userEvent.clear(searchBox());
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?marca=fiat`));
    await waitFor(() => expect(lastList(calls)?.has('q')).toBe(false));
  });

  it('aborts the request of the previous search when a new one starts', async () => {
    const held: ((response: Response) => void)[] = [];
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [LIST]: ({ url }) => {
        if (url.searchParams.get('q') !== 'faro') return listPage(2, 0);
        const answer = deferredResponse();
        held.push(answer.release);
        return answer.response;
      },
    });
    const signals = recordSignals();
    await render();
    await screen.findByRole('table');
    fireEvent.change(searchBox(), { target: { value: 'faro' } });
    await waitFor(() => expect(lastList(calls)?.get('q')).toBe('faro'));
    const first = signals.at(-1);
    expect(first?.aborted).toBe(false);

    fireEvent.change(searchBox(), { target: { value: 'faro punto' } });
    await waitFor(() => expect(lastList(calls)?.get('q')).toBe('faro punto'));
    expect(first?.aborted).toBe(true);
    expect(signals.at(-1)?.aborted).toBe(false);
    held.forEach((release) => release(listPage(2, 0)));
  });

  it('marks what matched in every shown column, ignoring accents and case', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () =>
        jsonResponse(
          200,
          [
            makePart({
              _id: 'c1',
              nome: 'Faro Citroën',
              marca: 'Citroën',
              modello: 'C3 Picasso',
              codice: '1K0-615-301',
              scaffale: 'CIT',
            }),
          ],
          { 'x-total-count': '1' },
        ),
    });
    await render(`${PATH}?q=citroen+1k0615+cit`);
    const table = await screen.findByRole('table');
    const marks = [...table.querySelectorAll('mark')].map((mark) => mark.textContent);
    // Code (by its letters and digits), name, brand, and the location's scaffale.
    expect(marks).toEqual(['1K0-615', 'Citroën', 'Citroën', 'CIT']);
    expect(searchBox()).toHaveValue('citroen 1k0615 cit');
  });

  it('keeps what the clerk typed when a change of the URL lands after it, and then sends it', async () => {
    serveList(30);
    const { router } = await render(`${PATH}?q=faro`);
    await screen.findByRole('table');
    await userEvent.clear(searchBox());
    // An earlier change (a search sent before, on a busy phone) reaches the URL only now.
    await router.navigate(`${PATH}?q=specchio`);
    expect(searchBox()).toHaveValue('');
    await waitFor(() => expect(currentPath(router)).toBe(PATH));
  });

  it('puts the previous search back with the back button', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?q=faro`);
    await screen.findByRole('table');
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'specchio');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?q=specchio`));
    await router.navigate(-1);
    expect(currentPath(router)).toBe(`${PATH}?q=faro`);
    await waitFor(() => expect(searchBox()).toHaveValue('faro'));
    // The earlier answer is still fresh: shown again without asking the server.
    expect(listCalls(calls).filter((call) => call.url.searchParams.get('q') === 'faro')).toHaveLength(1);
  });
});

describe('status and price filters', () => {
  it('shows the parts in stock by default, and sends the status chosen, kept in the URL', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?pagina=2`);
    await screen.findByRole('table');
    expect(lastList(calls)?.has('stato')).toBe(false);
    const select = screen.getByRole('combobox', { name: 'Stato' });
    expect(select).toHaveDisplayValue('In magazzino');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'In magazzino',
      'Disponibile',
      'Riservato',
      'Venduto',
      'Reso',
      'Scartato',
      'Tutti',
    ]);
    await userEvent.selectOptions(select, 'Venduto');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?stato=venduto`));
    await waitFor(() => expect(lastList(calls)?.get('stato')).toBe('venduto'));
    expect(screen.getByRole('link', { name: 'Esporta Lista CSV' })).toHaveAttribute(
      'href',
      '/api/componenti/export.csv?stato=venduto',
    );
    await userEvent.selectOptions(select, 'Tutti');
    await waitFor(() => expect(lastList(calls)?.get('stato')).toBe('tutti'));
    await userEvent.click(screen.getByRole('button', { name: 'Azzera filtri' }));
    await waitFor(() => expect(currentPath(router)).toBe(PATH));
    expect(lastList(calls)?.has('stato')).toBe(false);
  });

  it('sends a price range typed the Italian way, and holds back one it cannot read', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?stato=riservato%2Cvenduto`);
    await screen.findByRole('table');
    // A shared link's several statuses are named in the select.
    expect(screen.getByRole('combobox', { name: 'Stato' })).toHaveDisplayValue('Riservato, Venduto');
    expect(lastList(calls)?.get('stato')).toBe('riservato,venduto');
    await userEvent.type(screen.getByRole('textbox', { name: 'Prezzo da (€)' }), '10,50');
    await waitFor(() => expect(lastList(calls)?.get('prezzoMin')).toBe('10,50'));
    const before = listCalls(calls).length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Prezzo fino a (€)' }), '4,5,6');
    expect(await screen.findByText('Scrivi un importo in euro, per esempio 45,50')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listCalls(calls)).toHaveLength(before);
    expect(currentPath(router)).toBe(`${PATH}?stato=riservato%2Cvenduto&prezzoMin=10%2C50`);
  });
});

describe('sorting and page size', () => {
  it('sorts by a header, toggles the direction, says it with aria-sort and keeps it in the URL', async () => {
    const calls = serveList(30);
    const { router } = await render(`${PATH}?pagina=2`);
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('button', { name }).closest('th');
    // Without a sort the list is newest first: 'Inserito il' says so.
    expect(header('Inserito il')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Peso')).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(table).getByRole('button', { name: 'Peso' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?sort=peso`));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('peso'));
    expect(header('Peso')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Inserito il')).not.toHaveAttribute('aria-sort');

    // A header is a button reached with Tab and pressed with Enter.
    within(table).getByRole('button', { name: 'Peso' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?sort=-peso`));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('-peso'));
    expect(header('Peso')).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(table).getByRole('button', { name: 'Ubicazione' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?sort=ubicazione`));
    await userEvent.click(within(table).getByRole('button', { name: 'Anno' }));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('annoImmatricolazione'));
    expect(screen.getByRole('link', { name: 'Esporta Lista CSV' })).toHaveAttribute(
      'href',
      '/api/componenti/export.csv?sort=annoImmatricolazione',
    );
    await router.navigate(-1);
    await waitFor(() => expect(header('Ubicazione')).toHaveAttribute('aria-sort', 'ascending'));
    // By the asking price too.
    await userEvent.click(within(table).getByRole('button', { name: 'Prezzo' }));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('prezzo'));
  });

  it('marks no header while a search puts the best matches first', async () => {
    serveList(30);
    await render(`${PATH}?q=faro`);
    const table = await screen.findByRole('table');
    expect(table.querySelectorAll('th[aria-sort]')).toHaveLength(0);
  });

  it('offers 5 to 100 per page and remembers the clerk’s choice for lists opened without one', async () => {
    const calls = serveList(300);
    const first = await render();
    await screen.findByRole('table');
    const select = screen.getByLabelText('Componenti per pagina');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '5',
      '10',
      '20',
      '50',
      '100',
    ]);
    await userEvent.selectOptions(select, '50');
    await waitFor(() => expect(lastList(calls)?.get('limit')).toBe('50'));
    expect(localStorage.getItem('magazzino.perPagina.u-1')).toBe('50');
    first.unmount();

    await render();
    await waitFor(() => expect(lastList(calls)?.get('limit')).toBe('50'));
    expect(screen.getByLabelText('Componenti per pagina')).toHaveValue('50');
  });

  it('keeps each clerk’s page size apart, and a link’s own size wins', async () => {
    localStorage.setItem('magazzino.perPagina.u-1', '100');
    localStorage.setItem('magazzino.perPagina.u-2', '20');
    const calls = serveList(300);
    const view = await render(`${PATH}?perPagina=10`);
    await waitFor(() => expect(lastList(calls)?.get('limit')).toBe('10'));
    view.unmount();
    const other = { ...TEST_USER, _id: 'u-2', email: 'anna@example.it' };
    const callsOfOther = mockApi({
      'GET /api/users/me': () => jsonResponse(200, { ...other, createdAt: '2025-01-01T00:00:00.000Z' }),
      [LIST]: ({ url }) => listPage(300, Number(url.searchParams.get('offset'))),
    });
    await render(PATH, other);
    await waitFor(() => expect(lastList(callsOfOther)?.get('limit')).toBe('20'));
  });

  it('is never used for another list size than the ones offered', async () => {
    localStorage.setItem('magazzino.perPagina.u-1', '7');
    const calls = serveList(300);
    await render();
    await waitFor(() => expect(lastList(calls)?.get('limit')).toBe('5'));
  });
});

describe('counts the server stopped at', () => {
  /** A full page of `size` parts, counted 'at least 1000'. */
  function capped(size: number, offset: number): Response {
    const parts: Part[] = Array.from({ length: size }, (_, i) => makePart({ _id: `p${offset + i}` }));
    return jsonResponse(200, parts, { 'x-total-count': '1000', 'x-total-count-exact': 'false' });
  }

  it('says "Più di 1000 componenti" and keeps the next page usable while pages are full', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [LIST]: ({ url }) => capped(5, Number(url.searchParams.get('offset'))),
    });
    const { router } = await render(`${PATH}?q=fiat&pagina=200`);
    // (Italian groups thousands from 10.000 on: '1000', '12.500'.)
    expect(await screen.findByText(/^Più di 1\.?000 componenti$/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Paginazione' });
    const next = within(nav).getByRole('link', { name: 'Pagina successiva' });
    // No last page is known: 'Ultima pagina' leads nowhere.
    expect(within(nav).queryByRole('link', { name: 'Ultima pagina' })).not.toBeInTheDocument();
    await userEvent.click(next);
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?q=fiat&pagina=201`));
    await waitFor(() => expect(lastList(calls)?.get('offset')).toBe('1000'));
    // Past the number counted, still full: still a next page.
    expect(await screen.findByRole('link', { name: 'Pagina successiva' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=fiat&pagina=201');
  });

  it('shows "—" (non indicato) for a code, weight and version left empty', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () =>
        jsonResponse(200, [makePart({ codice: null, peso: null, versione: null, descrizione: null })], {
          'x-total-count': '1',
        }),
    });
    await render();
    const table = await screen.findByRole('table');
    const cell = (column: string) => table.querySelector(`tbody td.parts-col-${column}`);
    for (const column of ['codice', 'peso']) {
      expect(cell(column)?.querySelector('[aria-hidden="true"]')).toHaveTextContent('—');
      expect(cell(column)).toHaveTextContent('non indicato');
    }
    expect(cell('modello')).toHaveTextContent(/^Punto—non indicato$/);
    expect(within(table).queryByRole('link', { name: /Cerca il codice/ })).not.toBeInTheDocument();
  });

  it('reads a count without the flag, or flagged true, as exact', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () => jsonResponse(200, [makePart()], { 'x-total-count': '7', 'x-total-count-exact': 'true' }),
    });
    await render();
    expect(await screen.findByText('Componenti trovati: 7')).toBeInTheDocument();
  });
});

describe('on a phone', () => {
  it('shows a compact card per part and folds the filters behind "Filtri (n)"', async () => {
    onAPhone();
    serveList(30);
    await render(`${PATH}?nome=faro&modello=punto&q=sinistro`);
    const cards = await screen.findByRole('list', { name: 'Componenti' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(cards).getAllByRole('listitem');
    if (!card) throw new Error('a card expected');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Faro anteriore sinistro');
    expect(within(card).getByRole('link', { name: 'Faro anteriore sinistro' })).toHaveAttribute(
      'href',
      '/componente/p0',
    );
    expect(card).toHaveTextContent('Fiat Punto 2004');
    expect(card).toHaveTextContent('Cod. 51787654');
    expect(within(card).getByText('Scaffale A, campata 1, ripiano 2, cassetta 3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Modifica Faro anteriore sinistro' })).toBeInTheDocument();
    expect([...card.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Faro',
      'sinistro',
      'Punto',
    ]);

    const toggle = screen.getByRole('button', { name: 'Filtri (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById('parts-filter-panel');
    expect(panel).not.toHaveClass('parts-filter-panel-open');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('parts-filter-panel-open');
    // The search box is never folded away.
    expect(searchBox().closest('#parts-filter-panel')).toBeNull();
  });

  it('shows "Cod. —" on the card of a part without a code', async () => {
    onAPhone();
    mockApi({
      ...ME_SIGNED_IN,
      [LIST]: () => jsonResponse(200, [makePart({ codice: null })], { 'x-total-count': '1' }),
    });
    await render();
    const cards = await screen.findByRole('list', { name: 'Componenti' });
    const [card] = within(cards).getAllByRole('listitem');
    const shown = card?.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
    expect(shown).toHaveTextContent('Cod. —');
  });

  it('sorts with "Ordina per", there being no headers to click', async () => {
    onAPhone();
    const calls = serveList(30);
    const { router } = await render(`${PATH}?q=faro`);
    await screen.findByRole('list', { name: 'Componenti' });
    const select = screen.getByLabelText('Ordina per');
    // During a search the best matches come first.
    expect(select).toHaveDisplayValue('Più pertinenti');
    await userEvent.selectOptions(select, 'Peso (dal più pesante)');
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?q=faro&sort=-peso`));
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('-peso'));
    expect(screen.getByLabelText('Ordina per')).toHaveDisplayValue('Peso (dal più pesante)');
  });
});
