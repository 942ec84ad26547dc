import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/consultamagazzino';
const HEADING = 'Inserisci lo scaffale (e, se vuoi, campata, ripiano e cassetta) e poi clicca Consulta';

/** Opens the warehouse lookup at `url`, signed in, once its chunk has loaded. */
async function render(url = PATH) {
  const view = renderApp(url, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: HEADING });
  return view;
}

const fill = (values: Record<string, string>) => {
  for (const label of ['Scaffale', 'Campata', 'Ripiano', 'Cassetta']) {
    fireEvent.change(screen.getByRole('textbox', { name: label }), {
      target: { value: values[label] ?? '' },
    });
  }
};

describe('WarehousePage', () => {
  it('needs the scaffale, refuses a later segment without the earlier ones, and searches the exact place', async () => {
    // Each segment is encoded on its own: 'A/1' stays one segment.
    const exact = 'GET /api/componenti/magazzino/A%2F1/2/3%20bis/4';
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [exact]: () => jsonResponse(200, [makePart()], { 'x-total-count': '1' }),
    });
    const { router } = await render();
    expect(screen.getByRole('link', { name: 'Torna alla dashboard senza consultare' })).toHaveAttribute(
      'href',
      '/dashboardpage',
    );
    expect(screen.getByRole('textbox', { name: 'Scaffale' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Cassetta' })).not.toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    expect(await screen.findByText('Lo scaffale è obbligatorio')).toBeInTheDocument();
    fill({ Campata: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    expect(await screen.findByText('Indica prima lo scaffale')).toBeInTheDocument();
    fill({ Scaffale: 'A', Ripiano: '3' });
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    expect(await screen.findByText('Indica prima la campata')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/componenti'))).toHaveLength(0);

    fill({ Scaffale: 'A/1', Campata: '2', Ripiano: '3 bis', Cassetta: '4' });
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    await waitFor(() =>
      expect(currentPath(router)).toBe(`${PATH}?scaffale=A%2F1&campata=2&ripiano=3+bis&cassetta=4`),
    );
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(callsTo(calls, exact)[0]?.url.search).toBe('?limit=5&offset=0');
  });

  it('lists a whole scaffale or campata by location, paged, with only the segments given in the URL', async () => {
    const calls = mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/magazzino/G': () =>
        jsonResponse(
          200,
          [makePart({ _id: 'p-1', nome: 'Faro' }), makePart({ _id: 'p-2', nome: 'Fanale' })],
          {
            'x-total-count': '12',
          },
        ),
      'GET /api/componenti/magazzino/G/2': () =>
        jsonResponse(200, [makePart({ _id: 'p-3', nome: 'Specchietto' })], { 'x-total-count': '1' }),
    });
    const { router } = await render();
    fill({ Scaffale: ' G ' });
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?scaffale=G`));
    expect(await screen.findByText('Componenti trovati: 12')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Componenti in scaffale G' })).toBeInTheDocument();
    // Sorted by location, as the header says.
    expect(screen.getByRole('columnheader', { name: /Ubicazione/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(callsTo(calls, 'GET /api/componenti/magazzino/G')[0]?.url.search).toBe('?limit=5&offset=0');

    await userEvent.click(screen.getByRole('link', { name: 'Pagina 2' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?scaffale=G&pagina=2`));
    await waitFor(() =>
      expect(callsTo(calls, 'GET /api/componenti/magazzino/G').at(-1)?.url.search).toBe('?limit=5&offset=5'),
    );

    fill({ Scaffale: 'G', Campata: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATH}?scaffale=G&campata=2`));
    expect(await screen.findByText('Componenti trovati: 1')).toBeInTheDocument();
  });

  it('repeats the search of the URL on load and says when the location is empty', async () => {
    mockApi({ ...ME_SIGNED_IN, 'GET /api/componenti/magazzino/Z/9': () => jsonResponse(200, []) });
    await render(`${PATH}?scaffale=Z&campata=9`);
    expect(await screen.findByText('Nessun componente trovato in questa ubicazione')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scaffale' })).toHaveValue('Z');
    expect(screen.getByRole('textbox', { name: 'Campata' })).toHaveValue('9');
  });
});
