import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, makeUser, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

// Choosing rows of the list for their labels: a checkbox per row (table and phone cards),
// 'Seleziona tutti' for the page, and 'Stampa etichette (n)' to the labels page. The parts on the
// page, 'Stampa etichetta' of one part, and the lookup's 'Stampa etichette' for a place.

/** Pages of three parts: ids a1..a3 on page 1, b1..b3 on page 2. */
function serveTwoPages() {
  return mockApi({
    ...ME_SIGNED_IN,
    'GET /api/componenti': ({ url }) => {
      const letter = url.searchParams.get('offset') === '0' ? 'a' : 'b';
      const parts = [1, 2, 3].map((n) => makePart({ _id: `${letter}${n}`, nome: `Faro ${letter}${n}` }));
      return jsonResponse(200, parts, { 'x-total-count': '6' });
    },
  });
}

async function openList(url = '/elencocomponenti?perPagina=5') {
  const view = renderApp(url.replace('perPagina=5', 'perPagina=3'), { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Elenco Componenti' });
  return view;
}

/** Pretends to be a phone (< 768 px): the list draws cards. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 767.98px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('choosing parts of the list for their labels', () => {
  it('selects rows with the keyboard, keeps them across pages, and opens their labels in the order chosen', async () => {
    serveTwoPages();
    const { router } = await openList();
    const table = await screen.findByRole('table');
    const second = within(table).getByRole('checkbox', { name: 'Seleziona Faro a2' });
    second.focus();
    await userEvent.keyboard(' ');
    expect(second).toBeChecked();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Seleziona Faro a1' }));
    expect(screen.getByText('2 selezionati')).toBeInTheDocument();
    // Part of the page chosen: 'Seleziona tutti' is mixed.
    const all = screen.getByRole('checkbox', { name: 'Seleziona tutti i componenti della pagina' });
    expect(all).toBePartiallyChecked();

    // The next page: its own rows unchosen, the choice kept; 'Seleziona tutti' takes them all.
    await userEvent.click(screen.getByRole('link', { name: /^2$|Pagina 2/ }));
    await screen.findByRole('checkbox', { name: 'Seleziona Faro b1' });
    expect(
      screen.getByRole('checkbox', { name: 'Seleziona tutti i componenti della pagina' }),
    ).not.toBeChecked();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Seleziona tutti i componenti della pagina' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Seleziona Faro b3' })).toBeChecked();

    const print = screen.getByRole('link', { name: 'Stampa etichette (5)' });
    expect(print).toHaveAttribute('href', '/etichette?tipo=componenti&ids=a2%2Ca1%2Cb1%2Cb2%2Cb3');
    await userEvent.click(print);
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/etichette\?/));
    // 'Indietro' comes back to the page of the list it was opened from.
    expect(await screen.findByRole('link', { name: /Indietro/ })).toHaveAttribute(
      'href',
      '/elencocomponenti?perPagina=3&pagina=2',
    );
  });

  it("'Annulla selezione' empties it; unticking the whole page takes its rows out", async () => {
    serveTwoPages();
    await openList();
    await screen.findByRole('table');
    const all = screen.getByRole('checkbox', { name: 'Seleziona tutti i componenti della pagina' });
    await userEvent.click(all);
    expect(screen.getByRole('link', { name: 'Stampa etichette (3)' })).toBeInTheDocument();
    await userEvent.click(all);
    expect(screen.queryByRole('link', { name: /Stampa etichette/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona Faro a3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annulla selezione' }));
    expect(screen.getByRole('checkbox', { name: 'Seleziona Faro a3' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Annulla selezione' })).not.toBeInTheDocument();
  });

  it('on a phone each card has its checkbox', async () => {
    onAPhone();
    serveTwoPages();
    await openList();
    const cards = await screen.findByRole('list', { name: 'Componenti' });
    await userEvent.click(within(cards).getByRole('checkbox', { name: 'Seleziona Faro a2' }));
    expect(screen.getByRole('link', { name: 'Stampa etichette (1)' })).toHaveAttribute(
      'href',
      '/etichette?tipo=componenti&ids=a2',
    );
  });
});

describe('opening the labels of one part or of a place', () => {
  it("'Stampa etichetta' on a part's page, for a sola lettura account too (printing is reading)", async () => {
    const part = makePart({ _id: 'p-7', nome: 'Alternatore' });
    mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'sola_lettura' })),
      'GET /api/componenti/p-7': () => jsonResponse(200, part, { etag: '"1"' }),
    });
    renderApp('/componente/p-7', { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    expect(await screen.findByRole('link', { name: 'Stampa etichetta' })).toHaveAttribute(
      'href',
      '/etichette?tipo=componenti&ids=p-7',
    );
    expect(screen.queryByRole('link', { name: 'Modifica' })).not.toBeInTheDocument();
  });

  it("'Stampa etichetta' on the edit screen", async () => {
    const part = makePart({ _id: 'p-8', nome: 'Pompa acqua' });
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/p-8': () => jsonResponse(200, part, { etag: '"1"' }),
    });
    renderApp('/modificacomponente/p-8', { storedUser: TEST_USER });
    expect(await screen.findByRole('link', { name: 'Stampa etichetta' })).toHaveAttribute(
      'href',
      '/etichette?tipo=componenti&ids=p-8',
    );
  });

  it("'Stampa etichette' on the lookup: the parts under the place shown, with its status filter", async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/magazzino/B/04': () => jsonResponse(200, [makePart()], { 'x-total-count': '1' }),
    });
    renderApp('/consultamagazzino?scaffale=B&campata=04&stato=tutti', { storedUser: TEST_USER });
    expect(await screen.findByRole('link', { name: 'Stampa etichette' })).toHaveAttribute(
      'href',
      '/etichette?tipo=componenti&scaffale=B&campata=04&stato=tutti',
    );
  });
});
