import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, makeUser, makeVehicle, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const ID = 'v-1';
const READ = `GET /api/veicoli/${ID}`;
const REMOVE = `DELETE /api/veicoli/${ID}`;
const PARTS = 'GET /api/componenti';

const VEHICLE = makeVehicle({
  _id: ID,
  targa: 'AB123CD',
  telaio: 'ZFA18800000123456',
  marca: 'Fiat',
  modello: 'Punto',
  versione: '1.2 8V',
  annoImmatricolazione: '2004',
  km: 187000,
  alimentazione: 'benzina',
  colore: null,
  dataIngresso: '2024-03-15',
  note: 'Urto anteriore\nmotore funzionante',
  componenti: 12,
  immagini: ['/media/fronte.webp', '/media/retro.webp'],
  miniature: ['/media/fronte-thumb.webp', '/media/retro-thumb.webp'],
});

/** Part `n` of the vehicle. */
const partOf = (n: number): Part =>
  makePart({ _id: `p-${n}`, nome: `Ricambio ${n}`, codice: `COD-${n}`, veicolo: null, stato: 'disponibile' });

/** The vehicle, its 12 parts paged by the server, and a DELETE answering `remove`. */
function serve(remove?: () => Response, me = ME_SIGNED_IN) {
  return mockApi({
    ...me,
    [READ]: () => jsonResponse(200, VEHICLE, { etag: '"v1"' }),
    [PARTS]: ({ url }) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const all = Array.from({ length: 12 }, (_, i) => partOf(i + 1));
      return jsonResponse(200, all.slice(offset, offset + limit), { 'x-total-count': '12' });
    },
    'GET /api/veicoli': () => jsonResponse(200, [], { 'x-total-count': '0' }),
    ...(remove ? { [REMOVE]: remove } : {}),
  });
}
const partCalls = (calls: ApiCall[]) => callsTo(calls, PARTS).map((call) => call.url.searchParams);

/** Opens the vehicle's page once its targa is the heading. */
async function render(url = `/veicoli/${ID}`, user = TEST_USER) {
  const view = renderApp(url, { storedUser: user });
  await screen.findByRole('heading', { level: 1, name: 'AB123CD' });
  return view;
}

/** The value shown beside a label. */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  const copy = term.nextElementSibling?.cloneNode(true) as HTMLElement | undefined;
  copy?.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return copy?.textContent ?? '';
}

describe('VehiclePage', () => {
  it('shows every field, the photos and the parts taken from it, 10 at a time', async () => {
    const calls = serve();
    await render();
    expect(document.title).toBe('Veicolo AB123CD · Magazzino Ricambi');
    expect(screen.getByText('Fiat Punto 1.2 8V · 2004')).toBeInTheDocument();
    expect(valueOf('Telaio (VIN)')).toBe('ZFA18800000123456');
    expect(valueOf('Chilometri')).toBe('187.000 km');
    expect(valueOf('Alimentazione')).toBe('Benzina');
    expect(valueOf('Colore')).toBe('—');
    expect(valueOf('Data di ingresso')).toBe('15/03/2024');
    expect(valueOf('Note')).toBe('Urto anteriore\nmotore funzionante');

    const photos = screen.getByRole('region', { name: 'Foto' });
    expect(
      within(photos)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Ingrandisci la foto 1 di 2', 'Ingrandisci la foto 2 di 2']);

    const parts = screen.getByRole('region', { name: 'Componenti smontati' });
    const list = await within(parts).findByRole('list', { name: 'Componenti del veicolo AB123CD' });
    expect(within(parts).getByText('12 componenti da questo veicolo')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByRole('link', { name: 'Ricambio 1' })).toHaveAttribute('href', '/componente/p-1');
    expect(partCalls(calls)[0]?.get('veicolo')).toBe(ID);
    expect(partCalls(calls)[0]?.get('stato')).toBe('tutti');
    expect(partCalls(calls)[0]?.get('limit')).toBe('10');

    await userEvent.click(within(parts).getByRole('link', { name: 'Pagina 2' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(partCalls(calls).at(-1)?.get('offset')).toBe('10');
  });

  it('opens the photos in the viewer at the one clicked', async () => {
    serve();
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Ingrandisci la foto 2 di 2' }));
    const viewer = await screen.findByRole('dialog', {});
    expect(within(viewer).getByRole('img', { name: 'Foto 2 del veicolo AB123CD' })).toBeInTheDocument();
  });

  it("leads to the part form for a part of this vehicle, and to 'Modifica'", async () => {
    serve();
    await render();
    expect(screen.getByRole('link', { name: 'Aggiungi componente da questo veicolo' })).toHaveAttribute(
      'href',
      '/nuovocomponente?veicolo=v-1',
    );
    expect(screen.getByRole('link', { name: 'Modifica' })).toHaveAttribute('href', '/modificaveicolo/v-1');
  });

  it("asks before 'Elimina', and says why not while the vehicle has parts", async () => {
    const calls = serve(() =>
      jsonResponse(409, {
        error: 'Il veicolo ha 12 componenti: scollegali o cancellali prima di eliminarlo',
        code: 'VEHICLE_HAS_PARTS',
      }),
    );
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il veicolo?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Annulla' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sì, elimina' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Il veicolo non è stato eliminato');
    expect(alert).toHaveTextContent('Il veicolo ha 12 componenti');
    expect(callsTo(calls, REMOVE)).toHaveLength(1);
  });

  it('deletes a vehicle without parts and goes back to the list', async () => {
    const calls = serve(() => jsonResponse(204));
    const { router } = await render();
    await userEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il veicolo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sì, elimina' }));
    await waitFor(() => expect(currentPath(router)).toBe('/veicoli'));
    expect(callsTo(calls, REMOVE)).toHaveLength(1);
  });

  it('offers a sola lettura account no way to change the vehicle', async () => {
    serve(undefined, { 'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'sola_lettura' })) });
    await render(`/veicoli/${ID}`, { ...TEST_USER, role: 'sola_lettura' });
    for (const name of ['Aggiungi componente da questo veicolo', 'Modifica']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
  });

  it('says when the vehicle does not exist', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/veicoli/sparito': () =>
        jsonResponse(404, { error: 'Veicolo non trovato', code: 'NOT_FOUND' }),
    });
    renderApp('/veicoli/sparito', { storedUser: TEST_USER });
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Impossibile caricare il veicolo');
    expect(alert).toHaveTextContent('Veicolo non trovato');
  });
});
