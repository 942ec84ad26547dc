import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, ME_SIGNED_OUT, TEST_USER } from '../../../testing/test-data';

/** Screens are lazy chunks, transformed on first use here: a test may wait for several. */
const LAZY_PAGES_MS = 15_000;

const PART = makePart({ _id: 'p-7', nome: 'Faro anteriore sinistro', codiceRicambio: 'R-000007' });

describe('/r/:codice (the address on a part label)', { timeout: LAZY_PAGES_MS }, () => {
  it("puts the part's page in its place, whatever way the code is written", async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/codice/R-000007': () => jsonResponse(200, PART),
      'GET /api/componenti/p-7': () => jsonResponse(200, PART, { etag: '"v1"' }),
    });
    const { router } = renderApp('/r/r7', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Faro anteriore sinistro' });
    expect(currentPath(router)).toBe('/componente/p-7');
    // Replaced, not pushed: 'back' does not land on the code again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(calls, 'GET /api/componenti/codice/R-000007')).toHaveLength(1);
  });

  it('says when no part has the code, with «Scansiona» and the way to the list', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/codice/R-000099': () =>
        jsonResponse(404, { error: 'Nessun componente con il codice R-000099', code: 'NOT_FOUND' }),
    });
    renderApp('/r/R-000099', { storedUser: TEST_USER });
    expect(
      await screen.findByRole('heading', { name: 'Nessun componente con il codice R-000099' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Scansiona' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: "Vai all'elenco" })).toHaveAttribute('href', '/elencocomponenti');
  });

  it('says a text that is no part code without asking the server', async () => {
    const calls = mockApi(ME_SIGNED_IN);
    renderApp('/r/faro', { storedUser: TEST_USER });
    expect(
      await screen.findByRole('heading', { name: '«faro» non è il codice di un componente' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/componenti'))).toHaveLength(0);
  });

  it('sends a visitor to sign in first, then back to the code', async () => {
    mockApi(ME_SIGNED_OUT);
    const { router } = renderApp('/r/R-000007');
    await screen.findByRole('heading', { level: 1, name: 'Accedi' });
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.stringify(router.state.location.state)).toContain('/r/R-000007');
  });
});
