import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BinEntry, Role } from '@magazzino/contract';
import { formatDateTime } from '../../../lib/format';
import { callsTo, jsonResponse, mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makePart, makeUser, TEST_USER } from '../../../testing/test-data';

const BIN = 'GET /api/cestino';

/** A deleted part `id` named `nome`, deleted by Luca on 20 November, purged on 20 December. */
const entry = (id: string, nome: string): BinEntry => ({
  componente: makePart({ _id: id, nome }),
  eliminatoIl: '2026-11-20T10:00:00.000Z',
  eliminatoDa: { _id: 'u-3', username: 'Luca' },
  scadeIl: '2026-12-20T10:00:00.000Z',
});

/** A bin of two parts as an account of `role` sees it; restoring and deleting take them out. */
function serve(role: Role) {
  let entries = [entry('p-1', 'Pompa acqua'), entry('p-2', 'Alternatore')];
  const remove = (id: string) => (entries = entries.filter((e) => e.componente._id !== id));
  return mockApi({
    'GET /api/users/me': () => jsonResponse(200, makeUser({ role })),
    [BIN]: () => jsonResponse(200, entries, { 'x-total-count': String(entries.length) }),
    'POST /api/cestino/p-1/ripristina': () => {
      const restored = entries.find((e) => e.componente._id === 'p-1')?.componente;
      remove('p-1');
      return jsonResponse(200, restored);
    },
    'DELETE /api/cestino/p-2': () => {
      remove('p-2');
      return jsonResponse(204);
    },
    'DELETE /api/cestino': () => {
      const eliminati = entries.length;
      entries = [];
      return jsonResponse(200, { eliminati });
    },
  });
}

async function open(role: Role) {
  renderApp('/cestino', { storedUser: { ...TEST_USER, role } });
  await screen.findByRole('heading', { level: 1, name: 'Cestino' });
  return screen.findByRole('table', { name: 'Componenti nel cestino' });
}

const rowOf = (table: HTMLElement, nome: string) => {
  const row = within(table).getByRole('rowheader', { name: nome }).closest('tr');
  if (!row) throw new Error(`no row for ${nome}`);
  return within(row);
};

describe('BinPage', () => {
  it('lists the deleted parts and restores one, with a link to it; no emptying for a magazziniere', async () => {
    const calls = serve('magazziniere');
    const table = await open('magazziniere');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Immagine',
      'Nome',
      'Categoria',
      'Ubicazione',
      'Eliminato il',
      'Eliminato da',
      'Eliminato per sempre il',
      'Azioni',
    ]);
    const pompa = rowOf(table, 'Pompa acqua');
    expect(pompa.getByText(formatDateTime('2026-11-20T10:00:00.000Z'))).toBeInTheDocument();
    expect(pompa.getByText('Luca')).toBeInTheDocument();
    expect(pompa.getByText('20/12/26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Svuota il cestino' })).not.toBeInTheDocument();
    expect(pompa.queryByRole('button', { name: /Elimina per sempre/ })).not.toBeInTheDocument();

    await userEvent.click(pompa.getByRole('button', { name: 'Ripristina Pompa acqua' }));
    expect(await screen.findByText('Pompa acqua è stato ripristinato.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apri il componente' })).toHaveAttribute(
      'href',
      '/componente/p-1',
    );
    expect(callsTo(calls, 'POST /api/cestino/p-1/ripristina')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Pompa acqua')).not.toBeInTheDocument());
  });

  it('lets an amministratore delete one part for good, or empty the bin, each after a question', async () => {
    const calls = serve('amministratore');
    const table = await open('amministratore');
    await userEvent.click(
      rowOf(table, 'Alternatore').getByRole('button', { name: 'Elimina per sempre Alternatore' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Eliminare per sempre Alternatore?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Sì, elimina per sempre' }));
    expect(await screen.findByText('Alternatore è stato eliminato per sempre.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/cestino/p-2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Svuota il cestino' }));
    const sure = await screen.findByRole('dialog', { name: 'Svuotare il cestino?' });
    expect(sure).toHaveTextContent('Tutti i componenti nel cestino (1)');
    await userEvent.click(within(sure).getByRole('button', { name: 'Sì, svuota il cestino' }));
    expect(
      await screen.findByText('Cestino svuotato: 1 componente eliminato per sempre.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/cestino')).toHaveLength(1);
    expect(await screen.findByText('Il cestino è vuoto.')).toBeInTheDocument();
  });

  it('is not for a sola lettura account: a notice, and nothing asked of the server', async () => {
    const calls = serve('sola_lettura');
    renderApp('/cestino', { storedUser: { ...TEST_USER, role: 'sola_lettura' } });
    await screen.findByRole('heading', { level: 1, name: 'Cestino' });
    expect(screen.getByRole('alert')).toHaveTextContent('Il tuo ruolo non permette di cambiare i componenti');
    expect(callsTo(calls, BIN)).toHaveLength(0);
  });
});
