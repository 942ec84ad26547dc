import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, deferredResponse, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/elencocomponenti';
const LIST = 'GET /api/componenti';

/** Opens the list at `url`, signed in, once its chunk has loaded. */
async function render(url = PATH) {
  const view = renderApp(url, { storedUser: TEST_USER });
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

describe('PartsListPage', () => {
  it('shows the loading line, then exactly the twelve columns with formatted cells', async () => {
    const answer = deferredResponse();
    mockApi({ ...ME_SIGNED_IN, [LIST]: () => answer.response });
    await render();
    expect(screen.getByText('..Caricamento in corso')).toBeInTheDocument();
    answer.release(listPage(100_000, 0));
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Immagine',
      'Codice',
      'Nome',
      'Cat',
      'Condizione',
      'Marca',
      'Modello',
      'Versione',
      'Anno',
      'Ubicazione',
      'Peso',
      'Gestisci',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    const thumb = within(first).getByRole('button', {
      name: 'Ingrandisci la foto di Faro anteriore sinistro',
    });
    expect(thumb.querySelector('img')).toHaveAttribute('src', '/media/0123456789abcdef-thumb.webp');
    expect(within(second).getByText('Nessuna foto')).toBeInTheDocument();
    const code = within(first).getByRole('link', { name: /51787654/ });
    expect(code).toHaveAttribute('href', 'https://www.google.com/search?q=51787654');
    expect(code).toHaveAttribute('target', '_blank');
    expect(code).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first).getByText('1,5 Kg')).toBeInTheDocument();
    for (const line of ['SCAFFALE: A', 'CAMPATA: 1', 'RIPIANO: 2', 'CASSETTA: 3']) {
      expect(within(first).getByText(line)).toBeInTheDocument();
    }
    expect(
      within(first).getByRole('link', { name: 'Visualizza/Modifica Faro anteriore sinistro' }),
    ).toHaveAttribute('href', '/modificacomponente/p0');
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
    expect(listCalls(calls).at(-1)?.url.searchParams.get('offset')).toBe('45');
    await userEvent.click(within(nav).getByRole('link', { name: 'Pagina successiva' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?pagina=11`));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('offset')).toBe('50'));
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
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('marca')).toBe('fiat'));
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
    await userEvent.click(screen.getByRole('button', { name: 'RESET' }));
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
