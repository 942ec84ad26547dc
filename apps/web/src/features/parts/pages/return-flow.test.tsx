import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { callsTo, deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

// After a save or a deletion the clerk goes back where they came from, told what happened.

const ID = 'p-9';
const PART = makePart({ _id: ID, nome: 'Pompa acqua', categoria: 'Motore' });

/** The API of one part, seen in the list, its category and its location, that can be saved and deleted. */
function serve() {
  return mockApi({
    ...ME_SIGNED_IN,
    'GET /api/componenti': () => jsonResponse(200, [PART], { 'x-total-count': '30' }),
    'GET /api/componenti/singolacategoria/Motore': () => jsonResponse(200, [PART], { 'x-total-count': '1' }),
    'GET /api/componenti/magazzino/A/1/2/3': () => jsonResponse(200, [PART]),
    [`GET /api/componenti/${ID}`]: () => jsonResponse(200, PART, { etag: '"1"' }),
    [`PATCH /api/componenti/modifica/${ID}`]: ({ body }) =>
      jsonResponse(200, { ...PART, ...(body as Partial<Part>) }, { etag: '"2"' }),
    [`DELETE /api/componenti/delete/${ID}`]: () => jsonResponse(204),
  });
}

/** Changes the brand on the open edit screen and saves. */
async function editAndSave() {
  const marca = await screen.findByRole('textbox', { name: 'Marca' });
  fireEvent.change(marca, { target: { value: 'Lancia' } });
  await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
}

const notice = (text: string) => screen.findByText(text, {}, { timeout: 3000 });
/** A link, waiting for its screen's code to load (the first screen of a file loads slowly). */
const link = (name: string) => screen.findByRole('link', { name }, { timeout: 3000 });

describe('returning after a change', () => {
  it('saves from the filtered list and lands on the same list page, told "Modifiche salvate"', async () => {
    serve();
    const list = '/elencocomponenti?marca=fiat&pagina=2';
    const { router } = renderApp(list, { storedUser: TEST_USER });
    await userEvent.click(await link('Modifica Pompa acqua'));
    await screen.findByRole('heading', { level: 1, name: 'Visualizza/ Modifica componente' });
    expect(await link('Torna Indietro')).toHaveAttribute('href', list);
    await editAndSave();
    await waitFor(() => expect(currentPath(router)).toBe(list));
    expect(await notice('Modifiche salvate')).toBeInTheDocument();
    // The edit screen was replaced: Back does not reopen a form already saved.
    expect(router.state.historyAction).toBe('REPLACE');
    // The confirmation is said once: it is gone from the history entry (a reload would not repeat it).
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByText('Modifiche salvate')).not.toBeInTheDocument());
  });

  it('shows the saved values on the list returned to while the list is read again', async () => {
    const reread = deferredResponse();
    let listReads = 0;
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti': () => {
        listReads += 1;
        return listReads === 1 ? jsonResponse(200, [PART], { 'x-total-count': '30' }) : reread.response;
      },
      [`GET /api/componenti/${ID}`]: () => jsonResponse(200, PART, { etag: '"1"' }),
      [`PATCH /api/componenti/modifica/${ID}`]: ({ body }) =>
        jsonResponse(200, { ...PART, ...(body as Partial<Part>) }, { etag: '"2"' }),
    });
    const list = '/elencocomponenti?nome=pompa';
    const { router } = renderApp(list, { storedUser: TEST_USER });
    const rowOf = async () => {
      const row = (await screen.findByRole('link', { name: 'Modifica Pompa acqua' })).closest('tr');
      if (!row) throw new Error('no row for Pompa acqua');
      return row;
    };
    (await screen.findByRole('link', { name: 'Modifica Pompa acqua' })).closest('tr');
    expect(within(await rowOf()).getByText(PART.marca)).toBeInTheDocument();
    await userEvent.click(await link('Modifica Pompa acqua'));
    await editAndSave();
    await waitFor(() => expect(currentPath(router)).toBe(list));
    expect(await notice('Modifiche salvate')).toBeInTheDocument();
    // The list is being read again (its answer has not come), and already shows the saved brand.
    await waitFor(() => expect(listReads).toBe(2));
    const row = await rowOf();
    expect(within(row).getByText('Lancia')).toBeInTheDocument();
    expect(within(row).queryByText(PART.marca)).toBeNull();
    reread.release(jsonResponse(200, [{ ...PART, marca: 'Lancia' }], { 'x-total-count': '30' }));
  });

  it('goes list → part page → edit, and comes back to the part page, whose back link still leads to the list', async () => {
    serve();
    const { router } = renderApp('/elencocomponenti?q=pompa', { storedUser: TEST_USER });
    await userEvent.click(await link('Visualizza Pompa acqua'));
    await screen.findByRole('heading', { level: 1, name: 'Pompa acqua' });
    expect(screen.getByRole('link', { name: "Torna all'elenco" })).toHaveAttribute(
      'href',
      '/elencocomponenti?q=pompa',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Modifica' }));
    await editAndSave();
    await waitFor(() => expect(currentPath(router)).toBe(`/componente/${ID}`));
    expect(await notice('Modifiche salvate')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: "Torna all'elenco" }));
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti?q=pompa'));
  });

  it('deletes from the part page and returns to the list it came from, told "Componente cancellato"', async () => {
    const calls = serve();
    const { router } = renderApp('/elencocomponenti?modello=punto', { storedUser: TEST_USER });
    await userEvent.click(await link('Visualizza Pompa acqua'));
    await userEvent.click(await link('Cancella'));
    await screen.findByRole('heading', { level: 1, name: 'Richiesta cancellazione componente' });
    expect(screen.getByRole('link', { name: 'No, torna al componente' })).toHaveAttribute(
      'href',
      `/componente/${ID}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sì, cancella' }));
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti?modello=punto'));
    expect(await notice('Componente cancellato')).toBeInTheDocument();
    expect(callsTo(calls, `DELETE /api/componenti/delete/${ID}`)).toHaveLength(1);
  });

  it('returns to a category after a deletion, and to the lookup after an edit', async () => {
    serve();
    const { router, unmount } = renderApp('/singolacategoria/Motore?pagina=1&perPagina=10', {
      storedUser: TEST_USER,
    });
    await userEvent.click(await link('Cancella Pompa acqua'));
    expect(await screen.findByRole('link', { name: 'No, torna alla categoria Motore' })).toHaveAttribute(
      'href',
      '/singolacategoria/Motore?pagina=1&perPagina=10',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sì, cancella' }));
    await waitFor(() => expect(currentPath(router)).toBe('/singolacategoria/Motore?pagina=1&perPagina=10'));
    expect(await notice('Componente cancellato')).toBeInTheDocument();
    unmount();

    const lookup = '/consultamagazzino?scaffale=A&campata=1&ripiano=2&cassetta=3';
    const second = renderApp(lookup, { storedUser: TEST_USER });
    await userEvent.click(await link('Modifica Pompa acqua'));
    await editAndSave();
    await waitFor(() => expect(currentPath(second.router)).toBe(lookup));
    expect(await notice('Modifiche salvate')).toBeInTheDocument();
  });

  it('falls back to the parts list when the edit screen was opened directly', async () => {
    serve();
    const { router } = renderApp(`/modificacomponente/${ID}`, { storedUser: TEST_USER });
    expect(await screen.findByRole('link', { name: 'Torna Indietro' })).toHaveAttribute(
      'href',
      '/elencocomponenti',
    );
    await editAndSave();
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(await notice('Modifiche salvate')).toBeInTheDocument();
  });
});

describe('the navbar', () => {
  it('marks the page shown, and the area of a page within it', async () => {
    serve();
    const { router } = renderApp('/elencocomponenti', { storedUser: TEST_USER });
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    await screen.findByRole('heading', { level: 1, name: 'Elenco Componenti' });
    expect(link('Elenco Componenti')).toHaveAttribute('aria-current', 'page');
    expect(link('Elenco Componenti')).toHaveClass('active');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);

    await router.navigate('/singolacategoria/Motore');
    await waitFor(() => expect(link('Consulta Categorie')).toHaveAttribute('aria-current', 'true'));
    expect(link('Elenco Componenti')).not.toHaveAttribute('aria-current');
    await router.navigate('/dashboardpage');
    await waitFor(() => expect(link('Home')).toHaveAttribute('aria-current', 'page'));
    await router.navigate(`/cancellacomponente/${ID}`);
    await waitFor(() => expect(link('Elenco Componenti')).toHaveAttribute('aria-current', 'true'));
  });
});
