import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, SecurityEvent } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeAccount, makeUser, TEST_USER } from '../../../testing/test-data';

const LOG = 'GET /api/sicurezza/registro';
const ADMIN = { ...TEST_USER, role: 'amministratore' as const };

/** Entry `n`: a failed sign-in of an unknown address, or (odd) Anna's role changed by Mario. */
function entry(n: number): SecurityEvent {
  return n % 2 === 0
    ? {
        _id: `e-${n}`,
        at: '2026-11-24T09:15:00.000Z',
        tipo: 'accesso_fallito',
        utente: null,
        autore: null,
        email: 'sconosciuto@example.test',
        ip: '203.0.113.9',
        dispositivo: 'Chrome su Android',
        dettagli: { motivo: 'indirizzo_sconosciuto' },
      }
    : {
        _id: `e-${n}`,
        at: '2026-11-24T08:00:00.000Z',
        tipo: 'ruolo_cambiato',
        utente: { _id: 'u-2', username: 'Anna' },
        autore: { _id: 'u-1', username: 'Mario' },
        email: null,
        ip: '192.0.2.4',
        dispositivo: 'Firefox su Windows',
        dettagli: { da: 'magazziniere', a: 'sola_lettura' },
      };
}

/** 60 entries, 50 per page (none once filtered by `tipo=uscita`); TEST_USER signed in as `role`. */
function serve(role: Role = 'amministratore') {
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    'GET /api/users': () =>
      jsonResponse(200, [
        makeAccount({ role: 'amministratore' }),
        makeAccount({ _id: 'u-2', username: 'Anna', email: 'anna@example.it' }),
      ]),
    [LOG]: ({ url }) => {
      if (url.searchParams.get('tipo') === 'uscita') return jsonResponse(200, [], { 'x-total-count': '0' });
      const offset = Number(url.searchParams.get('offset'));
      const size = offset === 0 ? 50 : 10;
      return jsonResponse(
        200,
        Array.from({ length: size }, (_, i) => entry(offset + i)),
        { 'x-total-count': '60' },
      );
    },
  });
}

const setWidth = (phone: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );

describe('SecurityLogPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the log as a table, newest first, 50 at a time, with who, from where and the details in Italian', async () => {
    const calls = serve();
    renderApp('/sicurezza/registro', { storedUser: ADMIN });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro di sicurezza' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Eventi di sicurezza, dal più recente' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toHaveTextContent('Accesso non riuscito');
    expect(rows[0]).toHaveTextContent('sconosciuto@example.test');
    expect(rows[0]).toHaveTextContent('visitatore');
    expect(rows[0]).toHaveTextContent('203.0.113.9 · Chrome su Android');
    expect(rows[0]).toHaveTextContent('motivo: indirizzo non registrato');
    expect(rows[1]).toHaveTextContent('Ruolo cambiato');
    expect(rows[1]).toHaveTextContent('Anna');
    expect(rows[1]).toHaveTextContent('Mario');
    expect(rows[1]).toHaveTextContent('da Magazziniere a Sola lettura');
    expect(screen.getByText('60 eventi')).toBeInTheDocument();
    expect(callsTo(calls, LOG)[0]?.url.search).toBe('?limit=50&offset=0');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra altri' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    expect(callsTo(calls, LOG)[1]?.url.searchParams.get('offset')).toBe('50');
  });

  it('shows one card per entry on a phone', async () => {
    setWidth(true);
    serve();
    renderApp('/sicurezza/registro', { storedUser: ADMIN });
    const list = await screen.findByRole('list', { name: 'Eventi di sicurezza, dal più recente' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("sends the type, the account and the local days' bounds chosen, kept in the URL, and says when nothing matches", async () => {
    const calls = serve();
    const { router } = renderApp('/sicurezza/registro', { storedUser: ADMIN });
    const user = await screen.findByRole('combobox', { name: 'Utente' });
    await within(user).findByRole('option', { name: 'Anna (anna@example.it)' });
    await userEvent.selectOptions(user, 'Anna (anna@example.it)');
    await waitFor(() => expect(currentPath(router)).toBe('/sicurezza/registro?utente=u-2'));
    fireEvent.change(screen.getByLabelText('Dal giorno'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Al giorno'), { target: { value: '2026-11-24' } });
    await waitFor(() =>
      expect(currentPath(router)).toBe('/sicurezza/registro?utente=u-2&dal=2026-11-20&al=2026-11-24'),
    );
    await waitFor(() => {
      const last = callsTo(calls, LOG).at(-1)?.url.searchParams;
      expect(last?.get('utente')).toBe('u-2');
      expect(last?.get('dal')).toBe(new Date(2026, 10, 20).toISOString());
      // The whole last day: up to the start of the next one.
      expect(last?.get('al')).toBe(new Date(2026, 10, 25).toISOString());
    });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo di evento' }), 'Uscita');
    await waitFor(() => expect(currentPath(router)).toContain('tipo=uscita'));
    expect(await screen.findByRole('heading', { name: 'Nessun evento' })).toBeInTheDocument();
    expect(
      screen.getByText('Nessun evento corrisponde ai filtri: prova a toglierne qualcuno.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Azzera i filtri' }));
    await waitFor(() => expect(currentPath(router)).toBe('/sicurezza/registro'));
  });

  it('opens with the filters of a shared link', async () => {
    const calls = serve();
    renderApp('/sicurezza/registro?tipo=ruolo_cambiato&utente=u-2', { storedUser: ADMIN });
    expect(await screen.findByRole('combobox', { name: 'Tipo di evento' })).toHaveDisplayValue(
      'Ruolo cambiato',
    );
    await waitFor(() => expect(callsTo(calls, LOG)[0]?.url.searchParams.get('tipo')).toBe('ruolo_cambiato'));
  });

  it('is in the user menu of an amministratore only, and tells another role it is not for them', async () => {
    const calls = serve('magazziniere');
    renderApp('/sicurezza/registro', { storedUser: TEST_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accesso non consentito' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, LOG)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: TEST_USER.email }));
    expect(screen.queryByRole('link', { name: 'Registro di sicurezza' })).not.toBeInTheDocument();
  });

  it("is reached from an amministratore's user menu", async () => {
    serve();
    const { router } = renderApp('/attivita', { storedUser: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: ADMIN.email }));
    await userEvent.click(await screen.findByRole('link', { name: 'Registro di sicurezza' }));
    await waitFor(() => expect(currentPath(router)).toBe('/sicurezza/registro'));
  });
});
