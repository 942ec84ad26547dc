import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredJson, json, makePart, mockFetch, renderRoute } from '../../../testing/render-route';
import DeletePartPage from './DeletePartPage';

const ID = 'p-42';
const render = () =>
  renderRoute(<DeletePartPage />, { path: '/cancellacomponente/:id', url: `/cancellacomponente/${ID}` });

afterEach(() => vi.unstubAllGlobals());

describe('DeletePartPage', () => {
  it('names the part, and opens COMPONENTE CANCELLATO only once the server confirmed', async () => {
    const deletion = deferredJson();
    const calls = mockFetch(({ method }) =>
      method === 'DELETE' ? deletion.response : json(makePart({ _id: ID })),
    );
    const { location } = render();
    expect(screen.getByRole('heading', { name: 'Richiesta cancellazione componente' })).toBeInTheDocument();
    expect(await screen.findByText('Faro anteriore sinistro')).toBeInTheDocument();
    expect(screen.getByText('Stai per cancellare il componente')).toBeInTheDocument();
    expect(screen.getByText('Codice: 51787654')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto di Faro anteriore sinistro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "NO, TORNA ALL'ELENCO COMPONENTI" })).toHaveAttribute(
      'href',
      '/elencocomponenti',
    );

    await userEvent.click(screen.getByRole('button', { name: 'OK, CANCELLA' }));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(calls.at(-1)?.url.pathname).toBe(`/api/componenti/delete/${ID}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    deletion.release(new Response(null, { status: 204 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('COMPONENTE CANCELLATO')).toBeInTheDocument();
    expect(within(dialog).getByText('Componente cancellato correttamente!')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(location()).toBe('/elencocomponenti'));
  });

  it('shows a failed deletion and no success modal', async () => {
    mockFetch(({ method }) =>
      method === 'DELETE'
        ? json({ error: 'Componente non trovato', code: 'NOT_FOUND' }, { status: 404 })
        : json(makePart({ _id: ID })),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'OK, CANCELLA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il componente non è stato cancellato: Componente non trovato',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
