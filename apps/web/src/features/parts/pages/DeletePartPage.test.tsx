import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, deferredResponse, jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const ID = 'p-42';
const READ = `GET /api/componenti/${ID}`;
const DELETE = `DELETE /api/componenti/delete/${ID}`;

/** Opens the delete screen of part ID, signed in, once its chunk has loaded. */
async function render() {
  const view = renderApp(`/cancellacomponente/${ID}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Richiesta cancellazione componente' });
  return view;
}

describe('DeletePartPage', () => {
  it('names the part, and leaves with "Componente cancellato" only once the server confirmed', async () => {
    const deletion = deferredResponse();
    const calls = mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(200, makePart({ _id: ID })),
      [DELETE]: () => deletion.response,
    });
    const { router } = await render();
    expect(await screen.findByText('Faro anteriore sinistro')).toBeInTheDocument();
    expect(screen.getByText('Stai per cancellare il componente')).toBeInTheDocument();
    expect(screen.getByText('Codice: 51787654')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto di Faro anteriore sinistro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "No, torna all'elenco" })).toHaveAttribute(
      'href',
      '/elencocomponenti',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sì, cancella' }));
    expect(callsTo(calls, DELETE)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancellazione in corso…' })).toBeDisabled();
    // Still here while the server has not answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentPath(router)).toBe(`/cancellacomponente/${ID}`);
    expect(screen.queryByText('Componente cancellato')).not.toBeInTheDocument();
    deletion.release(jsonResponse(204));
    // Opened directly: back to the parts list.
    await waitFor(() => expect(currentPath(router)).toBe('/elencocomponenti'));
    expect(await screen.findByText('Componente cancellato')).toBeInTheDocument();
  });

  it('shows a failed deletion and stays', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(200, makePart({ _id: ID })),
      [DELETE]: () => jsonResponse(404, { error: 'Componente non trovato', code: 'NOT_FOUND' }),
    });
    const { router } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Sì, cancella' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il componente non è stato cancellato: Componente non trovato',
    );
    expect(currentPath(router)).toBe(`/cancellacomponente/${ID}`);
    expect(screen.queryByText('Componente cancellato')).not.toBeInTheDocument();
  });
});
