import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCamera } from '../../../testing/fake-camera';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

/** Screens are lazy chunks, transformed on first use here: a test may wait for several. */
const LAZY_PAGES_MS = 15_000;

const PART = makePart({ _id: 'p-3', nome: 'Pompa acqua', codiceRicambio: 'R-000003' });
const LIST = 'GET /api/componenti';

/** The list, a part by its code and by its id, and the exact bin B-04-3-12. */
function serve() {
  return mockApi({
    ...ME_SIGNED_IN,
    [LIST]: () => jsonResponse(200, [PART], { 'x-total-count': '1' }),
    'GET /api/componenti/codice/R-000003': () => jsonResponse(200, PART),
    'GET /api/componenti/p-3': () => jsonResponse(200, PART, { etag: '"v1"' }),
    'GET /api/componenti/magazzino/B/04/3/12': () => jsonResponse(200, [PART], { 'x-total-count': '1' }),
  });
}

/** The list, once drawn, and its 'Cerca ovunque' box. */
async function openList() {
  const view = renderApp('/elencocomponenti', { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Elenco Componenti' });
  return { ...view, search: screen.getByRole('searchbox', { name: 'Cerca ovunque' }) };
}

describe(
  "a label's code typed into 'Cerca ovunque' (a USB or Bluetooth scanner types it)",
  { timeout: LAZY_PAGES_MS },
  () => {
    it("opens the part's page on Enter", async () => {
      serve();
      const { router, search } = await openList();
      await userEvent.type(search, 'R-000003{Enter}');
      await screen.findByRole('heading', { level: 1, name: 'Pompa acqua' });
      expect(currentPath(router)).toBe('/componente/p-3');
    });

    it("opens a bin's contents on Enter, from its label's URL", async () => {
      serve();
      const { router, search } = await openList();
      await userEvent.type(
        search,
        'https://magazzino.example.it/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12{Enter}',
      );
      await waitFor(() =>
        expect(currentPath(router)).toBe('/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12'),
      );
      expect(await screen.findByRole('table', {})).toHaveTextContent('Pompa acqua');
    });

    it('searches any other text as before', async () => {
      const calls = serve();
      const { router, search } = await openList();
      await userEvent.type(search, 'B-04-3-12{Enter}');
      // A bare bin code may be a manufacturer's number: it is searched, not opened.
      await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti?q=B-04-3-12'));
      await waitFor(() => expect(callsTo(calls, LIST).at(-1)?.url.searchParams.get('q')).toBe('B-04-3-12'));
    });
  },
);

describe("'Scansiona' on the lookup screen", { timeout: LAZY_PAGES_MS }, () => {
  it('looks up the exact bin whose code is typed in the reader', async () => {
    serve();
    fakeCamera({ error: 'NotAllowedError' });
    const { router } = renderApp('/consultamagazzino', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: /^Inserisci lo scaffale/ });
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Scansiona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scansiona codice' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' }),
      'b.04.3.12{Enter}',
    );
    await waitFor(() =>
      expect(currentPath(router)).toBe('/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12'),
    );
    expect(await screen.findByRole('table', {})).toHaveTextContent('Pompa acqua');
    expect(screen.getByRole('textbox', { name: 'Cassetta' })).toHaveValue('12');
  });
});
