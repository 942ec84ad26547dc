import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePart, mockFetch, renderRoute } from '../../../testing/render-route';
import WarehousePage from './WarehousePage';

const PATH = '/consultamagazzino';
afterEach(() => vi.unstubAllGlobals());

describe('WarehousePage', () => {
  it('requires the four inputs, then searches the encoded location and keeps it in the URL', async () => {
    const calls = mockFetch(() => json([makePart()]));
    const { location } = renderRoute(<WarehousePage />, { path: PATH, url: PATH });
    expect(
      screen.getByRole('heading', {
        name: 'Inserisci Scaffale, Campata, Ripiano e cassetta e poi clicca Consulta',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla dashboard senza consultare' })).toHaveAttribute(
      'href',
      '/dashboardpage/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    expect(await screen.findByText('Lo scaffale è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('La cassetta è obbligatoria')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    const values = { Scaffale: 'A/1', Campata: '2', Ripiano: '3 bis', Cassetta: '4' };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    }
    await userEvent.click(screen.getByRole('button', { name: 'Consulta' }));
    await waitFor(() => expect(location()).toBe(`${PATH}?scaffale=A%2F1&campata=2&ripiano=3+bis&cassetta=4`));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe('/api/componenti/magazzino/A%2F1/2/3%20bis/4');
  });

  it('repeats the search of the URL on load and says when the location is empty', async () => {
    mockFetch(() => json([]));
    renderRoute(<WarehousePage />, { path: PATH, url: `${PATH}?scaffale=Z&campata=9&ripiano=9&cassetta=9` });
    expect(await screen.findByText('Nessun componente trovato in questa ubicazione')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Scaffale' })).toHaveValue('Z');
  });
});
