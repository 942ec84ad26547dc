import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { ME_SIGNED_IN, TEST_USER, TWO_FACTOR_OFF } from '../../../testing/test-data';

const SESSIONS: SessionInfo[] = [
  {
    _id: 'qui',
    dispositivo: 'Firefox su Windows',
    ip: '192.0.2.10',
    iniziataIl: '2026-11-20T08:00:00.000Z',
    ultimoUso: '2026-11-24T09:15:00.000Z',
    corrente: true,
  },
  {
    _id: 'telefono',
    dispositivo: 'Chrome su Android',
    ip: '198.51.100.7',
    iniziataIl: '2026-11-21T07:30:00.000Z',
    ultimoUso: '2026-11-23T18:05:00.000Z',
    corrente: false,
  },
  {
    _id: 'vecchia',
    dispositivo: 'Dispositivo sconosciuto',
    ip: null,
    iniziataIl: '2026-11-01T07:30:00.000Z',
    ultimoUso: '2026-11-02T18:05:00.000Z',
    corrente: false,
  },
];

/** The API of the page: the sessions (fewer once some are ended) and the two ways to end them. */
function serve() {
  let sessions = [...SESSIONS];
  return mockApi({
    ...ME_SIGNED_IN,
    ...TWO_FACTOR_OFF,
    'GET /api/sessioni': () => jsonResponse(200, sessions),
    'DELETE /api/sessioni/telefono': () => {
      sessions = sessions.filter((s) => s._id !== 'telefono');
      return jsonResponse(204);
    },
    'DELETE /api/sessioni': () => {
      const chiuse = sessions.filter((s) => !s.corrente).length;
      sessions = sessions.filter((s) => s.corrente);
      return jsonResponse(200, { chiuse });
    },
  });
}

describe('AccountSecurityPage', () => {
  it("lists the sessions with device, address and last use in Italian, 'Questo dispositivo' on this one", async () => {
    serve();
    renderApp('/account/sicurezza', { storedUser: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Il tuo account' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sessioni attive' });
    const [here, phone, old] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Firefox su Windows');
    expect(within(here ?? document.body).getByText('Questo dispositivo')).toBeInTheDocument();
    expect(within(here ?? document.body).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Chrome su Android');
    expect(phone).toHaveTextContent('198.51.100.7');
    // Italian day/month order, with the time of the clerk's zone.
    expect(phone).toHaveTextContent(
      new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date('2026-11-23T18:05:00.000Z'),
      ),
    );
    expect(old).toHaveTextContent('non registrato');
    expect(screen.getByRole('link', { name: 'Cambia password' })).toHaveAttribute('href', '/cambiapassword');
  });

  it("ends one session after asking, and leaves it when the clerk says 'Annulla'", async () => {
    const calls = serve();
    renderApp('/account/sicurezza', { storedUser: TEST_USER });
    const end = await screen.findByRole('button', { name: 'Chiudi la sessione su Chrome su Android' });
    await userEvent.click(end);
    let dialog = await screen.findByRole('dialog', { name: 'Chiudere la sessione?' });
    expect(dialog).toHaveTextContent('La sessione su Chrome su Android verrà chiusa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE /api/sessioni/telefono')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Chiudi la sessione su Chrome su Android' }));
    dialog = await screen.findByRole('dialog', { name: 'Chiudere la sessione?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi la sessione' }));
    expect(await screen.findByText('Sessione chiusa.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/sessioni/telefono')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Chrome su Android')).not.toBeInTheDocument());
  });

  it('ends every other session at once, then says only this device is signed in', async () => {
    const calls = serve();
    renderApp('/account/sicurezza', { storedUser: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Chiudi tutte le altre sessioni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudere tutte le altre sessioni?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi le altre' }));
    expect(await screen.findByText('Chiuse 2 sessioni.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/sessioni')).toHaveLength(1);
    expect(await screen.findByText('Sei connesso solo da questo dispositivo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Chiudi/ })).not.toBeInTheDocument();
  });

  it('says why a session could not be ended', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      ...TWO_FACTOR_OFF,
      'GET /api/sessioni': () => jsonResponse(200, SESSIONS),
      'DELETE /api/sessioni/telefono': () =>
        jsonResponse(404, {
          error: 'Sessione non trovata: forse è già stata chiusa o è scaduta.',
          code: 'NOT_FOUND',
        }),
    });
    renderApp('/account/sicurezza', { storedUser: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Chiudi la sessione su Chrome su Android' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi la sessione' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La sessione non è stata chiusa: Sessione non trovata: forse è già stata chiusa o è scaduta.',
    );
  });

  it("is reached from the user menu's 'Il tuo account'", async () => {
    serve();
    const { router } = renderApp('/attivita', { storedUser: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: TEST_USER.email }));
    await userEvent.click(await screen.findByRole('link', { name: 'Il tuo account' }));
    await waitFor(() => expect(currentPath(router)).toBe('/account/sicurezza'));
    // Not the amministratore's log.
    expect(screen.queryByRole('link', { name: 'Registro di sicurezza' })).not.toBeInTheDocument();
  });
});
