import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FieldChange, PartEvent, PartPatch, Role } from '@magazzino/contract';
import { fakeCamera, type FakeCameraOptions } from '../../../testing/fake-camera';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makePart, makeUser, TEST_USER } from '../../../testing/test-data';

/** Screens are lazy chunks, transformed on first use here: a test may wait for several. */
const LAZY_PAGES_MS = 15_000;

const ID = 'p-9';
const PATCH = `PATCH /api/componenti/modifica/${ID}`;
const HISTORY = `GET /api/componenti/storico/${ID}`;
const LOCATION = ['scaffale', 'campata', 'ripiano', 'cassetta'] as const;

const PART = makePart({
  _id: ID,
  nome: 'Motorino avviamento',
  scaffale: 'A',
  campata: '1',
  ripiano: '2',
  cassetta: '3',
  version: 4,
});

/**
 * One part kept like the server keeps it: PATCH checks If-Match against its version, changes it
 * and records the change in its history (or answers `refuse` instead).
 */
function serve(role: Role = 'magazziniere', refuse?: () => Response) {
  let current = PART;
  const events: PartEvent[] = [];
  const calls = mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    [`GET /api/componenti/${ID}`]: () => jsonResponse(200, current, { etag: `"v${current.version}"` }),
    [HISTORY]: () => jsonResponse(200, events, { 'x-total-count': String(events.length) }),
    [PATCH]: ({ body, headers }) => {
      if (refuse) return refuse();
      if (headers.get('if-match') !== `"v${current.version}"`)
        return jsonResponse(412, { error: 'Il componente è stato modificato', code: 'PRECONDITION_FAILED' });
      const patch = body as PartPatch;
      const modifiche: FieldChange[] = LOCATION.filter((name) => patch[name] !== current[name]).map(
        (name) => ({ campo: name, prima: current[name], dopo: patch[name] ?? null }),
      );
      current = { ...current, ...patch, version: current.version + 1 };
      events.unshift({
        _id: `e-${events.length}`,
        componente: { _id: ID, nome: current.nome },
        tipo: 'modificato',
        utente: { _id: 'u-1', username: 'Mario' },
        modifiche,
        at: '2026-11-24T10:00:00.000Z',
      });
      return jsonResponse(200, current, { etag: `"v${current.version}"` });
    },
  });
  return { calls, current: () => current };
}

/** The part's page, signed in as `role`, with the camera faked; 'Sposta' opens the reader. */
async function openMove(camera: FakeCameraOptions = { error: 'NotFoundError' }) {
  const user = userEvent.setup();
  renderApp(`/componente/${ID}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: PART.nome });
  fakeCamera(camera);
  await user.click(screen.getByRole('button', { name: 'Sposta' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sposta Motorino avviamento' });
  return { user, dialog };
}

describe("'Sposta' on a part's page", { timeout: LAZY_PAGES_MS }, () => {
  it('moves the part to a typed bin after asking, sends If-Match, and shows the move', async () => {
    const { calls } = serve();
    const { user, dialog } = await openMove();
    expect(within(dialog).getByText(/^Ora in A-1-2-3\./)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' }), 'b 04 3 12');
    await user.click(within(dialog).getByRole('button', { name: 'Continua' }));

    expect(within(dialog).getByText('Spostare in B-04-3-12?')).toBeInTheDocument();
    expect(within(dialog).getByText('Motorino avviamento passa da A-1-2-3 a B-04-3-12.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sposta qui' })).toHaveFocus();
    expect(callsTo(calls, PATCH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sposta qui' }));

    expect(await screen.findByText('Componente spostato in B-04-3-12')).toBeInTheDocument();
    const [sent] = callsTo(calls, PATCH);
    expect(sent?.headers.get('if-match')).toBe('"v4"');
    expect(sent?.body).toEqual({ scaffale: 'B', campata: '04', ripiano: '3', cassetta: '12' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page shows the new place at once, and the history the move.
    const where = screen.getByRole('region', { name: 'Ubicazione' });
    expect(within(where).getByText('Scaffale B, campata 04, ripiano 3, cassetta 12')).toBeInTheDocument();
    const storico = await screen.findByRole('list', { name: 'Storico' });
    expect(storico).toHaveTextContent(/Mario ha cambiato lo scaffale da «A» a «B»/);
  });

  it('moves it to the bin whose label the camera reads', async () => {
    const { calls } = serve();
    const { user, dialog } = await openMove({
      codes: ['https://magazzino.example.it/consultamagazzino?scaffale=C&campata=2&ripiano=1&cassetta=7'],
    });
    expect(await within(dialog).findByText('Spostare in C-2-1-7?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sposta qui' }));
    expect(await screen.findByText('Componente spostato in C-2-1-7')).toBeInTheDocument();
    expect(callsTo(calls, PATCH)[0]?.body).toEqual({
      scaffale: 'C',
      campata: '2',
      ripiano: '1',
      cassetta: '7',
    });
  });

  it("refuses a part's label, part of a shelf, the bin it is already in, and a text that is no bin", async () => {
    serve();
    const { user, dialog } = await openMove();
    const box = within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' });
    const tryCode = async (text: string) => {
      await user.clear(box);
      await user.type(box, `${text}{Enter}`);
    };
    await tryCode('R-000012');
    expect(box).toHaveAccessibleDescription(/Questa è l'etichetta di un componente/);
    await tryCode('http://magazzino.local/consultamagazzino?scaffale=b&campata=04');
    expect(box).toHaveAccessibleDescription(/L'etichetta B-04 indica solo una parte dello scaffale/);
    await tryCode('a-1-2-3');
    expect(box).toHaveAccessibleDescription(/Il componente è già in A-1-2-3\./);
    await tryCode('scaffale B');
    expect(box).toHaveAccessibleDescription(/«scaffale B» non è una cassetta/);
    expect(within(dialog).queryByText(/^Spostare in/)).not.toBeInTheDocument();
  });

  it('shows the refusal when the part changed meanwhile, and reads it again', async () => {
    const { calls } = serve('magazziniere', () =>
      jsonResponse(412, {
        error: 'Il componente è stato modificato da qualcun altro: ricarica la pagina.',
        code: 'PRECONDITION_FAILED',
      }),
    );
    const { user, dialog } = await openMove();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' }),
      'B-04-3-12{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sposta qui' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Spostamento non riuscito: Il componente è stato modificato da qualcun altro: ricarica la pagina.',
    );
    await waitFor(() => expect(callsTo(calls, `GET /api/componenti/${ID}`)).toHaveLength(2));
    // Back to the reader for another bin.
    await user.click(within(dialog).getByRole('button', { name: 'Scansiona di nuovo' }));
    expect(within(dialog).getByRole('textbox', { name: 'Oppure scrivi il codice' })).toBeInTheDocument();
  });

  it('is not offered to sola lettura', async () => {
    serve('sola_lettura');
    renderApp(`/componente/${ID}`, { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    await screen.findByRole('heading', { level: 1, name: PART.nome });
    expect(screen.queryByRole('button', { name: 'Sposta' })).not.toBeInTheDocument();
  });
});
