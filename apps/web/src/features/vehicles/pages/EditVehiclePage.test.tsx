import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeVehicle, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const ID = 'v-1';
const READ = `GET /api/veicoli/${ID}`;
const UPDATE = `PATCH /api/veicoli/${ID}`;
const VEHICLE = makeVehicle({
  _id: ID,
  km: 187000,
  colore: 'Grigio',
  immagini: ['/media/fronte.webp', '/media/retro.webp'],
  miniature: ['/media/fronte-thumb.webp', '/media/retro-thumb.webp'],
});

/** The API with vehicle ID at version 1, saved as version 2 by whatever PATCH it is sent. */
const serveEdit = (update?: () => Response) =>
  mockApi({
    ...ME_SIGNED_IN,
    [READ]: () => jsonResponse(200, VEHICLE, { etag: '"v1"' }),
    [UPDATE]:
      update ??
      (({ body }) =>
        jsonResponse(200, makeVehicle({ ...VEHICLE, ...(body as Partial<Vehicle>), version: 2 }), {
          etag: '"v2"',
        })),
    [`GET /api/componenti`]: () => jsonResponse(200, [], { 'x-total-count': '0' }),
  });
const updates = (calls: ApiCall[]) => callsTo(calls, UPDATE);

async function render() {
  const view = renderApp(`/modificaveicolo/${ID}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Modifica veicolo' });
  await screen.findByDisplayValue('AB123CD');
  return view;
}

const box = (label: string) => screen.getByRole('textbox', { name: label });

describe('EditVehiclePage', () => {
  it('starts from the stored vehicle and sends only what changed, with If-Match', async () => {
    const calls = serveEdit();
    const { router } = await render();
    expect(box('Chilometri')).toHaveValue('187.000');
    expect(screen.getByRole('combobox', { name: 'Alimentazione' })).toHaveValue('benzina');
    fireEvent.change(box('Chilometri'), { target: { value: '190.500' } });
    fireEvent.change(box('Colore'), { target: { value: '' } });
    // Written another way, the targa is the same.
    fireEvent.change(box('Targa'), { target: { value: 'ab 123 cd' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/veicoli/${ID}`));
    expect(updates(calls)[0]?.body).toEqual({ km: 190500, colore: null });
    expect(updates(calls)[0]?.headers.get('if-match')).toBe('"v1"');
  });

  it('sends the photos when their order or number changed', async () => {
    const calls = serveEdit();
    const { router } = await render();
    const list = screen.getByRole('list', { name: 'Foto scelte' });
    await userEvent.click(within(list).getByRole('button', { name: 'Usa la foto 2 come copertina' }));
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/veicoli/${ID}`));
    expect(updates(calls)[0]?.body).toEqual({ immagini: ['/media/retro.webp', '/media/fronte.webp'] });
  });

  it('says when nothing changed, and sends nothing', async () => {
    const calls = serveEdit();
    await render();
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Nessuna modifica da salvare.')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });

  it('says when someone else changed the vehicle meanwhile, and offers the latest version', async () => {
    const calls = serveEdit(() =>
      jsonResponse(412, {
        error: 'Il veicolo è stato modificato da qualcun altro',
        code: 'PRECONDITION_FAILED',
      }),
    );
    await render();
    fireEvent.change(box('Colore'), { target: { value: 'Rosso' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Qualcun altro ha modificato questo veicolo/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Carica la versione più recente' }));
    await waitFor(() => expect(callsTo(calls, READ)).toHaveLength(2));
  });

  it('checks only the changed fields with the contract, in Italian', async () => {
    const calls = serveEdit();
    await render();
    fireEvent.change(box('Marca'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('La marca è obbligatoria')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);
  });
});
