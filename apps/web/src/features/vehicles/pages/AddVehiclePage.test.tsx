import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vinCheckDigit, type Vehicle, type VehicleInput } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeUser, makeVehicle, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';
import { today } from '../components/vehicle-form';

const PATH = '/nuovoveicolo';
const CREATE = 'POST /api/veicoli';

/** Opens the add screen, signed in, once its chunk has loaded. */
async function render() {
  const view = renderApp(PATH, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Aggiungi veicolo' });
  return view;
}

/** The API with a create route that stores whatever it is sent as vehicle 'v-9'. */
const serveCreate = () =>
  mockApi({
    ...ME_SIGNED_IN,
    [CREATE]: ({ body }) => jsonResponse(201, makeVehicle({ ...(body as Partial<Vehicle>), _id: 'v-9' })),
    'GET /api/veicoli/v-9': () => jsonResponse(200, makeVehicle({ _id: 'v-9' }), { etag: '"v1"' }),
  });
const created = (calls: ApiCall[]) => callsTo(calls, CREATE).map((call) => call.body as VehicleInput);

const box = (label: string) => screen.getByRole('textbox', { name: label });

function fillRequired() {
  fireEvent.change(box('Targa'), { target: { value: 'ab 123 cd' } });
  fireEvent.change(box('Marca'), { target: { value: 'Fiat' } });
  fireEvent.change(box('Modello'), { target: { value: 'Punto' } });
  fireEvent.change(box('Anno di immatricolazione'), { target: { value: '2004' } });
}

const jpeg = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

/** An XMLHttpRequest stand-in: answers like the upload route when told to. */
class FakeUpload {
  static all: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: FormData | undefined;
  open = vi.fn();
  setRequestHeader = vi.fn();
  abort = vi.fn();
  getResponseHeader = () => 'application/json';
  constructor() {
    FakeUpload.all.push(this);
  }
  send(body: FormData) {
    this.sent = body;
  }
  stored(name: string) {
    this.status = 201;
    this.responseText = JSON.stringify({
      secure_url: `/media/${name}.webp`,
      thumbnail_url: `/media/${name}-thumb.webp`,
      width: 800,
      height: 600,
      bytes: 1000,
      format: 'webp',
    });
    this.onload?.();
  }
}

afterEach(() => {
  FakeUpload.all = [];
});

describe('AddVehiclePage', () => {
  it('marks the required fields, starts the day of entry at today, and says in Italian what is missing', async () => {
    const calls = serveCreate();
    await render();
    expect(document.title).toBe('Aggiungi veicolo · Magazzino Ricambi');
    for (const required of ['Targa', 'Marca', 'Modello', 'Anno di immatricolazione']) {
      expect(box(required)).toBeRequired();
    }
    for (const optional of ['Telaio (VIN)', 'Versione', 'Chilometri', 'Codice motore', 'Colore', 'Note']) {
      expect(box(optional)).not.toBeRequired();
    }
    expect(screen.getByLabelText(/Data di ingresso/)).toHaveValue(today());
    expect(screen.getByRole('combobox', { name: 'Alimentazione' })).toHaveDisplayValue('— non indicata —');
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    expect(await screen.findByText('La targa è obbligatoria')).toBeInTheDocument();
    expect(screen.getByText('La marca è obbligatoria')).toBeInTheDocument();
    expect(box('Targa')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(box('Chilometri'), { target: { value: 'tanti' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    expect(await screen.findByText('I km devono essere un numero intero')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it('checks the VIN as it is typed', async () => {
    serveCreate();
    await render();
    const telaio = box('Telaio (VIN)');
    fireEvent.change(telaio, { target: { value: 'zfa188' } });
    expect(screen.getByText('6 caratteri su 17')).toBeInTheDocument();
    fireEvent.change(telaio, { target: { value: 'ZFA188O' } });
    expect(screen.getByText('Il telaio non può contenere le lettere I, O e Q')).toBeInTheDocument();
    expect(telaio).toHaveAttribute('aria-invalid', 'true');
    // A North-American VIN must carry its check digit.
    fireEvent.change(telaio, { target: { value: '1HGCM82633A004352' } });
    expect(screen.getByText('Cifra di controllo corretta.')).toBeInTheDocument();
    fireEvent.change(telaio, { target: { value: '1HGCM82643A004352' } });
    expect(
      screen.getByText('Il telaio non è valido: la cifra di controllo non corrisponde'),
    ).toBeInTheDocument();
    // A European one often has none: accepted, said as not verified.
    const european = 'ZFA18800000123456';
    fireEvent.change(telaio, { target: { value: european } });
    expect(telaio).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByText(
        vinCheckDigit(european) === european.charAt(8) ? 'Cifra di controllo corretta.' : /non verificata/,
      ),
    ).toBeInTheDocument();
  });

  it('uploads the photos as they are chosen, lets the clerk reorder and remove them, and saves them in order', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    const { router } = await render();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), [
      jpeg('fronte.jpg'),
      jpeg('retro.jpg'),
      jpeg('motore.jpg'),
    ]);
    // Each is made smaller first (lib/downscale-image.ts), then sent.
    await waitFor(() => expect(FakeUpload.all).toHaveLength(3));
    expect(FakeUpload.all[0]?.sent?.get('my_file')).toBeInstanceOf(File);
    const list = screen.getByRole('list', { name: 'Foto scelte' });
    expect(within(list).getAllByRole('progressbar')).toHaveLength(3);
    FakeUpload.all[0]?.stored('fronte');
    FakeUpload.all[1]?.stored('retro');
    FakeUpload.all[2]?.stored('motore');
    await waitFor(() => expect(within(list).queryAllByRole('progressbar')).toHaveLength(0));
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/media/fronte-thumb.webp', '/media/retro-thumb.webp', '/media/motore-thumb.webp']);
    expect(
      within(within(list).getAllByRole('listitem')[0] as HTMLElement).getByText('Copertina'),
    ).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Usa la foto 3 come copertina' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Rimuovi la foto 2' }));
    fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    await waitFor(() => expect(currentPath(router)).toBe('/veicoli/v-9'));
    expect(created(calls)[0]).toMatchObject({
      targa: 'AB123CD',
      marca: 'Fiat',
      modello: 'Punto',
      annoImmatricolazione: '2004',
      dataIngresso: today(),
      telaio: null,
      km: null,
      immagini: ['/media/motore.webp', '/media/retro.webp'],
    });
  });

  it('refuses to save while a photo failed, until it is removed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    const { router } = await render();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), jpeg('rotta.jpg'));
    await waitFor(() => expect(FakeUpload.all).toHaveLength(1));
    FakeUpload.all[0]?.onerror?.();
    expect(await screen.findByText(/rotta\.jpg non è stata caricata/)).toBeInTheDocument();
    fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    expect(await screen.findByText(/Una foto non è stata caricata/)).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi la foto 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    await waitFor(() => expect(currentPath(router)).toBe('/veicoli/v-9'));
    expect(created(calls)[0]?.immagini).toEqual([]);
  });

  it("shows the server's field error beside its input (a targa already in use)", async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [CREATE]: () =>
        jsonResponse(409, {
          error: 'Esiste già un veicolo con targa AB123CD',
          code: 'TARGA_IN_USE',
          fields: { targa: 'Esiste già un veicolo con targa AB123CD' },
        }),
    });
    await render();
    fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Salva veicolo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Il veicolo non è stato salvato: Esiste già un veicolo con targa AB123CD',
    );
    expect(box('Targa')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Targa')).toHaveAccessibleDescription(/Esiste già un veicolo con targa AB123CD/);
  });

  it('shows a sola lettura account why there is no form', async () => {
    mockApi({ 'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'sola_lettura' })) });
    renderApp(PATH, { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    expect(
      await screen.findByText('Il tuo ruolo non permette di cambiare i veicoli', {}),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salva veicolo' })).not.toBeInTheDocument();
  });
});
