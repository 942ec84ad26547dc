import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCamera, type FakeCameraOptions } from '../../testing/fake-camera';
import { callsTo, jsonResponse, mockApi } from '../../testing/mock-api';
import { currentPath, renderApp } from '../../testing/render-app';
import { makePart, ME_SIGNED_IN, ME_SIGNED_OUT, TEST_USER } from '../../testing/test-data';

/** Screens are lazy chunks, transformed on first use here: a test may wait for several. */
const LAZY_PAGES_MS = 15_000;

const PART = makePart({ _id: 'p-42', nome: 'Alternatore Bosch', codiceRicambio: 'R-000042' });
const BY_CODE = 'GET /api/componenti/codice/R-000042';

/** The API of these tests: the session, the part by its code and by its id, a bin's lookup. */
function serveApi() {
  return mockApi({
    ...ME_SIGNED_IN,
    [BY_CODE]: () => jsonResponse(200, PART),
    'GET /api/componenti/p-42': () => jsonResponse(200, PART, { etag: '"v1"' }),
    'GET /api/componenti/ubicazione': () => jsonResponse(200, [], { 'x-total-count': '0' }),
  });
}

/**
 * The dashboard, signed in, with the camera faked; opens the navbar's reader (a QR in the picture
 * may be read, and the dialog gone, before a test looks for it: `dialog` waits for it).
 */
async function openReader(camera: FakeCameraOptions = {}) {
  const calls = serveApi();
  const fake = fakeCamera(camera);
  const user = userEvent.setup();
  const view = renderApp('/dashboardpage', { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  const nav = screen.getByRole('banner');
  await user.click(await within(nav).findByRole('button', { name: 'Scansiona' }));
  const dialog = () => screen.findByRole('dialog', { name: 'Scansiona codice' });
  return { ...view, calls, camera: fake, user, dialog };
}

describe("the navbar's 'Scansiona'", { timeout: LAZY_PAGES_MS }, () => {
  it('is there for a signed-in clerk only', async () => {
    mockApi(ME_SIGNED_OUT);
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Accedi' });
    expect(screen.queryByRole('button', { name: 'Scansiona' })).not.toBeInTheDocument();
  });

  it("asks for the back camera and opens a part's page when its label's QR is read", async () => {
    const { router, calls, camera } = await openReader({
      codes: ['https://magazzino.example.it/r/R-000042'],
    });
    await screen.findByRole('heading', { level: 1, name: 'Alternatore Bosch' });
    expect(currentPath(router)).toBe('/componente/p-42');
    expect(camera.requests).toEqual([{ video: { facingMode: 'environment' }, audio: false }]);
    expect(callsTo(calls, BY_CODE)).toHaveLength(1);
    // The dialog closed and the camera with it.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(camera.allStopped()).toBe(true);
  });

  it("opens a bin's contents (the exact bin) when a bin label is read", async () => {
    const { router } = await openReader({ codes: ['U:b-04-3-12'] });
    await waitFor(() =>
      expect(currentPath(router)).toBe('/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12'),
    );
    expect(await screen.findByRole('textbox', { name: /Cassetta/ })).toHaveValue('12');
  });

  it('says a QR that is no label of the warehouse, and keeps reading', async () => {
    const { router, dialog: reader, camera } = await openReader({ codes: ['https://example.com/qualcosa'] });
    const dialog = await reader();
    expect(
      await within(dialog).findByText("Questo QR non è un'etichetta del magazzino."),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboardpage');
    expect(camera.allStopped()).toBe(false);
  });

  it('stops the camera when closed', async () => {
    const { user, dialog: reader, camera } = await openReader();
    const dialog = await reader();
    await within(dialog).findByText('Inquadra il QR: si apre da solo appena letto.');
    expect(camera.streams()).toBe(1);
    expect(camera.allStopped()).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(camera.allStopped()).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens what a typed code names, and refuses a text that is no code', async () => {
    const { user, dialog: reader, router } = await openReader({ error: 'NotAllowedError' });
    const dialog = await reader();
    const box = within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' });
    await user.type(box, 'faro{Enter}');
    expect(box).toHaveAccessibleDescription(/Il codice «faro» non è un'etichetta del magazzino/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box);
    await user.type(box, 'r42');
    await user.click(within(dialog).getByRole('button', { name: 'Apri' }));
    await screen.findByRole('heading', { level: 1, name: 'Alternatore Bosch' });
    expect(currentPath(router)).toBe('/componente/p-42');
  });

  it.each([
    [
      'NotAllowedError',
      'Il browser non ha il permesso di usare la fotocamera: consentilo nelle impostazioni del sito e premi «Riprova», oppure scrivi il codice.',
    ],
    ['NotFoundError', 'Nessuna fotocamera trovata su questo dispositivo: scrivi il codice.'],
    [
      'NotReadableError',
      "La fotocamera è già in uso da un'altra app o non risponde: chiudi l'altra app e premi «Riprova».",
    ],
  ])('says why the camera cannot be used (%s), and tries again on «Riprova»', async (error, text) => {
    const { user, dialog: reader, camera } = await openReader({ error });
    const dialog = await reader();
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    // The typed code stays the way in.
    expect(within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(camera.requests).toHaveLength(2));
  });

  it('says a page without camera access (plain http) can only take the typed code', async () => {
    const dialog = await (await openReader({ unavailable: true })).dialog();
    expect(
      await within(dialog).findByText(
        'La fotocamera si può usare solo da una pagina sicura (https): scrivi il codice.',
      ),
    ).toBeInTheDocument();
  });
});
