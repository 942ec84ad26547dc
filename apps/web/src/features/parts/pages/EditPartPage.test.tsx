import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part, PartEvent } from '@magazzino/contract';
import { formatDateTime } from '../../../lib/format';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const READ = `GET /api/componenti/${ID}`;
const UPDATE = `PATCH /api/componenti/modifica/${ID}`;

/** Opens the edit screen of part ID, signed in, once its chunk has loaded. */
async function render() {
  const view = renderApp(`/modificacomponente/${ID}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Visualizza/ Modifica componente' });
  return view;
}

/** The API with part ID at version 1, saved as version 2 by whatever PATCH it is sent. */
const serveEdit = () =>
  mockApi({
    ...ME_SIGNED_IN,
    [READ]: () => jsonResponse(200, makePart(), { etag: '"1"' }),
    [UPDATE]: ({ body }) => jsonResponse(200, makePart(body as Partial<Part>), { etag: '"2"' }),
  });
const updates = (calls: ApiCall[]) => callsTo(calls, UPDATE);

/** Event `n` of the part's history, newest first: Mario's change of its weight. */
const weightChange = (n: number): PartEvent => ({
  _id: `e-${n}`,
  componente: { _id: ID, nome: 'Faro anteriore sinistro' },
  tipo: 'modificato',
  utente: { _id: 'u-1', username: 'Mario' },
  modifiche: [{ campo: 'peso', prima: 1.2, dopo: 1.5 }],
  at: '2026-11-20T10:00:00.000Z',
});

describe('EditPartPage', () => {
  it("shows the part's status and its 'Storico' as sentences, 20 at a time", async () => {
    const HISTORY = `GET /api/componenti/storico/${ID}`;
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(200, makePart(), { etag: '"1"' }),
      [HISTORY]: ({ url }) => {
        const offset = Number(url.searchParams.get('offset'));
        const events =
          offset === 0
            ? Array.from({ length: 20 }, (_, i) => weightChange(i))
            : [
                {
                  ...weightChange(20),
                  tipo: 'creato',
                  modifiche: [],
                  utente: { _id: 'u-2', username: 'Anna' },
                },
              ];
        return jsonResponse(200, events, { 'x-total-count': '21' });
      },
    });
    await render();
    const status = await screen.findByRole('region', { name: 'Stato' });
    expect(status).toHaveTextContent('Disponibile');
    expect(status).toHaveTextContent('Prezzo richiesto: € 45,00');
    const storico = await screen.findByRole('region', { name: 'Storico' });
    const list = await within(storico).findByRole('list', { name: 'Storico' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Mario ha cambiato il peso da 1,2 Kg a 1,5 Kg');
    expect(
      within(first as HTMLElement).getByText(formatDateTime('2026-11-20T10:00:00.000Z')),
    ).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    expect(callsTo(calls, HISTORY)[0]?.url.search).toBe('?limit=20&offset=0');
    await userEvent.click(within(storico).getByRole('button', { name: 'Mostra altri' }));
    expect(await within(list).findByText('Anna ha registrato il componente')).toBeInTheDocument();
    expect(callsTo(calls, HISTORY)[1]?.url.search).toBe('?limit=20&offset=20');
    expect(within(storico).queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
  });

  it('prefills every field with the stored value, marks the required ones, and the image at 320 px', async () => {
    serveEdit();
    await render();
    const nome = await screen.findByRole('textbox', { name: 'Nome' });
    expect(nome).toHaveValue('Faro anteriore sinistro');
    expect(nome).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Codice' })).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Illuminazione');
    expect(screen.getByRole('textbox', { name: 'Peso (Kg)' })).toHaveValue('1,5');
    expect(screen.getByRole('textbox', { name: 'Anno di immatricolazione' })).toHaveValue('2004');
    expect(screen.getByRole('img', { name: 'Immagine attuale di Faro anteriore sinistro' })).toHaveClass(
      'parts-edit-image',
    );
    expect(screen.getByRole('link', { name: 'Torna Indietro' })).toHaveAttribute('href', '/elencocomponenti');
    // The part's own code, the one its label prints.
    expect(screen.getByText('Codice ricambio').parentElement).toHaveTextContent('Codice ricambio R-000001');
  });

  it('sends only the changed fields with If-Match, then returns to the list', async () => {
    const calls = serveEdit();
    const { router } = await render();
    const marca = await screen.findByRole('textbox', { name: 'Marca' });
    fireEvent.change(marca, { target: { value: 'Lancia' } });
    // The same weight written the other way is no change.
    fireEvent.change(screen.getByRole('textbox', { name: 'Peso (Kg)' }), { target: { value: '1.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    // Opened directly, with no list to go back to: the parts list, told the change is saved.
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(await screen.findByText('Modifiche salvate')).toBeInTheDocument();
    const [patch] = updates(calls);
    expect(patch?.body).toEqual({ marca: 'Lancia' });
    expect(patch?.headers.get('if-match')).toBe('"1"');
  });

  it('empties an optional field emptied by the clerk, and refuses to blank a required one', async () => {
    const calls = serveEdit();
    const { router } = await render();
    const nome = await screen.findByRole('textbox', { name: 'Nome' });
    fireEvent.change(nome, { target: { value: '  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Descrizione' }), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Il nome è obbligatorio')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);

    fireEvent.change(nome, { target: { value: 'Faro anteriore sinistro' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Codice' }), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(updates(calls)[0]?.body).toEqual({ descrizione: null, codice: null });
    expect(screen.queryByText('Nessuna modifica da salvare.')).not.toBeInTheDocument();
  });

  it('says there is nothing to save when an empty optional field stays empty', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(200, makePart({ codice: null, peso: null }), { etag: '"1"' }),
    });
    await render();
    expect(await screen.findByRole('textbox', { name: 'Codice' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Peso (Kg)' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Nessuna modifica da salvare.')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it('checks changed fields with the shared rules before sending', async () => {
    const calls = serveEdit();
    await render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Peso (Kg)' }), {
      target: { value: '-2' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Il peso non può essere negativo')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it('on 412 says someone else changed the part and loads the latest version on request', async () => {
    let version = 1;
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [READ]: () =>
        jsonResponse(200, makePart({ modello: version === 1 ? 'Punto' : 'Panda', version }), {
          etag: `"${version}"`,
        }),
      [UPDATE]: () =>
        jsonResponse(412, {
          error: 'Il componente è stato modificato da qualcun altro',
          code: 'PRECONDITION_FAILED',
        }),
    });
    const { router } = await render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText(/Qualcun altro ha modificato questo componente/)).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/modificacomponente/${ID}`);
    version = 2;
    await userEvent.click(screen.getByRole('button', { name: 'Carica la versione più recente' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Modello' })).toHaveValue('Panda'));
    expect(screen.queryByText(/Qualcun altro/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(updates(calls)).toHaveLength(2));
    expect(updates(calls)[1]?.headers.get('if-match')).toBe('"2"');
  });

  it('saves a weight typed the Italian way as that weight', async () => {
    const calls = serveEdit();
    const { router } = await render();
    const peso = await screen.findByRole('textbox', { name: 'Peso (Kg)' });
    await userEvent.clear(peso);
    await userEvent.type(peso, '1,8');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(updates(calls)[0]?.body).toEqual({ peso: 1.8 });
  });

  it('keeps unsaved changes across a remount and warns when the part changed since', async () => {
    let version = 1;
    mockApi({
      ...ME_SIGNED_IN,
      [READ]: () =>
        jsonResponse(200, makePart({ modello: version === 1 ? 'Punto' : 'Panda', version }), {
          etag: `"${version}"`,
        }),
    });
    const first = await render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    first.unmount();

    version = 2;
    await render();
    expect(await screen.findByRole('textbox', { name: 'Versione' })).toHaveValue('1.4');
    // Someone else's change to another field is shown, not overwritten by the draft.
    expect(screen.getByRole('textbox', { name: 'Modello' })).toHaveValue('Panda');
    expect(screen.getByRole('status')).toHaveTextContent(/nel frattempo il componente è stato cambiato/);
    await userEvent.click(screen.getByRole('button', { name: 'Scarta la bozza' }));
    expect(screen.getByRole('textbox', { name: 'Versione' })).toHaveValue('1.2 8V');
  });

  it("manages the part's photos and sends the new order only when it changed", async () => {
    const names = ['a', 'b', 'c'];
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [READ]: () =>
        jsonResponse(
          200,
          makePart({
            immagini: names.map((name) => `/media/${name}.webp`),
            miniature: names.map((name) => `/media/${name}-thumb.webp`),
          }),
          { etag: '"1"' },
        ),
      [UPDATE]: ({ body }) => jsonResponse(200, makePart(body as Partial<Part>), { etag: '"2"' }),
    });
    const { router } = await render();
    const list = await screen.findByRole('list', { name: 'Foto scelte' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/media/a-thumb.webp', '/media/b-thumb.webp', '/media/c-thumb.webp']);
    // The photos as stored are no change.
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Nessuna modifica da salvare.')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);

    await userEvent.click(within(list).getByRole('button', { name: 'Usa la foto 3 come copertina' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Rimuovi la foto 2' }));
    expect(screen.getByText('Le foto saranno salvate con «Conferma e salva».')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(updates(calls)[0]?.body).toEqual({ immagini: ['/media/c.webp', '/media/b.webp'] });
  });

  it('shows a failed load with Riprova', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(404, { error: 'Componente non trovato', code: 'NOT_FOUND' }),
    });
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossibile caricare il componente');
    expect(alert).toHaveTextContent('Componente non trovato');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
