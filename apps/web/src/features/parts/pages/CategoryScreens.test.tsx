import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, makeUser, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

describe('CategoriesPage', () => {
  it('shows one tile per category with its count, linking to the category by name', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/categorie': () =>
        jsonResponse(200, [
          { categoria: 'Freni & frizioni', count: 1 },
          { categoria: 'Illuminazione', count: 12_500 },
        ]),
    });
    renderApp('/consultacategorie', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Consulta Categorie' })).toBeInTheDocument();
    expect(screen.getByText('Consulta i componenti divisi per categorie')).toBeInTheDocument();
    const tile = await screen.findByRole('link', { name: /Illuminazione/ });
    expect(tile).toHaveTextContent('12.500 componenti');
    expect(tile).toHaveAttribute('href', '/singolacategoria/Illuminazione');
    expect(screen.getByRole('link', { name: /Freni/ })).toHaveAttribute(
      'href',
      '/singolacategoria/Freni%20%26%20frizioni',
    );
    expect(screen.getByRole('link', { name: /Freni/ })).toHaveTextContent('1 componente');
  });
});

describe('CategoryPage', () => {
  it('reads the category from the URL, pages on the server and prints the table', async () => {
    const route = 'GET /api/componenti/singolacategoria/Freni%20%26%20frizioni';
    const firstPage = deferredResponse();
    const thirdPage = deferredResponse();
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [route]: (call) => (call.url.search === '?limit=5&offset=5' ? firstPage : thirdPage).response,
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { router, unmount } = renderApp('/singolacategoria/Freni%20%26%20frizioni?pagina=2', {
      storedUser: TEST_USER,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Freni & frizioni' })).toBeInTheDocument();
    // Nothing to print while the parts are on their way.
    expect(screen.getByRole('button', { name: 'Stampa' })).toBeDisabled();
    firstPage.release(
      jsonResponse(200, [makePart({ categoria: 'Freni & frizioni' })], { 'x-total-count': '12' }),
    );
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Stampa' })).toBeEnabled();
    expect(callsTo(calls, route).map((call) => call.url.search)).toEqual(['?limit=5&offset=5']);
    expect(document.title).toBe('Categoria Freni & frizioni · Magazzino Ricambi');
    const nav = screen.getByRole('navigation', { name: 'Paginazione' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pagina 3' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/singolacategoria/Freni%20%26%20frizioni?pagina=3'),
    );
    // Page 2 stays on screen while page 3 is on its way: not what 'Stampa' would be asked for.
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stampa' })).toBeDisabled();
    thirdPage.release(
      jsonResponse(200, [makePart({ categoria: 'Freni & frizioni' })], { 'x-total-count': '12' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stampa' })).toBeEnabled());

    expect(document.body).toHaveClass('print-table-only');
    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    expect(print).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body).not.toHaveClass('print-table-only');
  });
});

describe('the status filter of the category screens', () => {
  it('counts and lists the parts of the status chosen, carried from the tiles to the category', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/categorie': () => jsonResponse(200, [{ categoria: 'Freni', count: 2 }]),
      'GET /api/componenti/singolacategoria/Freni': () =>
        jsonResponse(200, [makePart({ categoria: 'Freni', stato: 'venduto' })], { 'x-total-count': '1' }),
    });
    const { router } = renderApp('/consultacategorie', { storedUser: TEST_USER });
    await screen.findByRole('link', { name: /Freni/ });
    expect(callsTo(calls, 'GET /api/componenti/categorie')[0]?.url.search).toBe('');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stato' }), 'Venduto');
    await waitFor(() => expect(currentPath(router)).toBe('/consultacategorie?stato=venduto'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET /api/componenti/categorie').at(-1)?.url.search).toBe('?stato=venduto'),
    );
    const tile = screen.getByRole('link', { name: /Freni/ });
    expect(tile).toHaveAttribute('href', '/singolacategoria/Freni?stato=venduto');
    await userEvent.click(tile);
    expect(await screen.findByRole('combobox', { name: 'Stato' })).toHaveDisplayValue('Venduto');
    await screen.findByRole('table');
    const route = 'GET /api/componenti/singolacategoria/Freni';
    expect(callsTo(calls, route)[0]?.url.searchParams.get('stato')).toBe('venduto');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stato' }), 'Tutti');
    await waitFor(() => expect(callsTo(calls, route).at(-1)?.url.searchParams.get('stato')).toBe('tutti'));
  });
});

describe('CategoriesPage for an amministratore', () => {
  const ADMIN = { ...TEST_USER, role: 'amministratore' as const };
  const signedInAdmin = { 'GET /api/users/me': () => jsonResponse(200, makeUser(ADMIN)) };

  it('says whether a new name renames or merges, sends it, and shows the refreshed tiles', async () => {
    let tiles = [
      { categoria: 'Carrozzeria', count: 34 },
      { categoria: 'carrozzeria', count: 2 },
      { categoria: 'Fari', count: 5 },
    ];
    const calls = mockApi({
      ...signedInAdmin,
      'GET /api/componenti/categorie': () => jsonResponse(200, tiles),
      'POST /api/componenti/categorie/rinomina': () => {
        tiles = [
          { categoria: 'Carrozzeria', count: 36 },
          { categoria: 'Fari', count: 5 },
        ];
        return jsonResponse(200, { categoria: 'Carrozzeria', spostati: 2, count: 36, unite: true });
      },
    });
    renderApp('/consultacategorie', { storedUser: ADMIN });
    const tools = await screen.findByRole('heading', { name: 'Rinomina o unisci categorie' });
    const card = tools.closest('.card') as HTMLElement;

    await userEvent.click(within(card).getByRole('button', { name: 'Rinomina' }));
    expect(await within(card).findByText('La categoria da rinominare è obbligatoria')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/componenti/categorie/rinomina')).toHaveLength(0);

    await userEvent.selectOptions(within(card).getByLabelText(/^Categoria/), 'carrozzeria (2)');
    await userEvent.type(within(card).getByLabelText(/^Nuovo nome/), 'Fanali');
    expect(
      within(card).getByText('2 componenti di «carrozzeria» passeranno a «Fanali».'),
    ).toBeInTheDocument();
    await userEvent.clear(within(card).getByLabelText(/^Nuovo nome/));
    await userEvent.type(within(card).getByLabelText(/^Nuovo nome/), 'CARROZZERÌA');
    expect(
      within(card).getByText(
        '«Carrozzeria» esiste già: 2 componenti di «carrozzeria» si uniranno a «Carrozzeria».',
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Unisci' }));
    expect(
      await within(card).findByText('«carrozzeria» unita a «Carrozzeria»: ora 36 componenti.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/componenti/categorie/rinomina').map((call) => call.body)).toEqual([
      { da: 'carrozzeria', a: 'CARROZZERÌA' },
    ]);
    await waitFor(() => expect(screen.queryByRole('link', { name: /^carrozzeria/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Carrozzeria/ })).toHaveTextContent('36 componenti');
  });

  it('shows the server’s field message beside the new name', async () => {
    mockApi({
      ...signedInAdmin,
      'GET /api/componenti/categorie': () =>
        jsonResponse(200, [
          { categoria: 'Fari', count: 5 },
          { categoria: 'Fanali', count: 1 },
        ]),
      'POST /api/componenti/categorie/rinomina': () =>
        jsonResponse(400, {
          error: 'Alcuni campi non sono validi: Il nuovo nome è uguale a quello attuale',
          code: 'VALIDATION',
          fields: { a: 'Il nuovo nome è uguale a quello attuale' },
        }),
    });
    renderApp('/consultacategorie', { storedUser: ADMIN });
    await screen.findByRole('heading', { name: 'Rinomina o unisci categorie' });
    await userEvent.selectOptions(screen.getByLabelText(/^Categoria/), 'Fari (5)');
    await userEvent.type(screen.getByLabelText(/^Nuovo nome/), 'Fari');
    expect(screen.getByText('5 componenti di «Fari» passeranno a «Fari».')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rinomina' }));
    expect(await screen.findByText('Il nuovo nome è uguale a quello attuale')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nuovo nome/)).toHaveAttribute('aria-invalid', 'true');

    // One part: the verb is singular.
    await userEvent.selectOptions(screen.getByLabelText(/^Categoria/), 'Fanali (1)');
    await userEvent.clear(screen.getByLabelText(/^Nuovo nome/));
    await userEvent.type(screen.getByLabelText(/^Nuovo nome/), 'fari');
    expect(
      screen.getByText('«Fari» esiste già: 1 componente di «Fanali» si unirà a «Fari».'),
    ).toBeInTheDocument();
  });

  it('is not offered to a magazziniere', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/categorie': () => jsonResponse(200, [{ categoria: 'Fari', count: 5 }]),
    });
    renderApp('/consultacategorie', { storedUser: TEST_USER });
    await screen.findByRole('link', { name: /Fari/ });
    expect(screen.queryByRole('heading', { name: 'Rinomina o unisci categorie' })).not.toBeInTheDocument();
  });
});
