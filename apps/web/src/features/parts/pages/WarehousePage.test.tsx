import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/consultamagazzino';
const HEADING = 'Inserisci Scaffale, Campata, Ripiano e cassetta e poi clicca Consulta';

/** Opens the warehouse lookup at `url`, signed in, once its chunk has loaded. */
async function render(url = PATH) {
  const view = renderApp(url, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: HEADING });
  return view;
}

describe('WarehousePage', () => {
  it('requires the four inputs, then searches the encoded location and keeps it in the URL', async () => {
    // Each segment is encoded on its own: 'A/1' stays one segment.
    const lookup = 'GET /api/componenti/magazzino/A%2F1/2/3%20bis/4';
    const calls = mockApi({ ...ME_SIGNED_IN, [lookup]: () => jsonResponse(200, [makePart()]) });
    const { router } = await render();
    expect(screen.getByRole('link', { name: 'Torna alla dashboard senza consultare' })).toHaveAttribute(
      'href',
      '/dashboardpage',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    expect(await screen.findByText('Lo scaffale è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('La cassetta è obbligatoria')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/componenti'))).toHaveLength(0);

    const values = { Scaffale: 'A/1', Campata: '2', Ripiano: '3 bis', Cassetta: '4' };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    }
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe(`${PATH}?scaffale=A%2F1&campata=2&ripiano=3+bis&cassetta=4`),
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(callsTo(calls, lookup)).toHaveLength(1);
  });

  it('repeats the search of the URL on load and says when the location is empty', async () => {
    mockApi({ ...ME_SIGNED_IN, 'GET /api/componenti/magazzino/Z/9/9/9': () => jsonResponse(200, []) });
    await render(`${PATH}?scaffale=Z&campata=9&ripiano=9&cassetta=9`);
    expect(await screen.findByText('Nessun componente trovato in questa ubicazione')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scaffale' })).toHaveValue('Z');
  });
});
