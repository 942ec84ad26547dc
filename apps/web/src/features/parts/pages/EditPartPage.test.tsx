import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePart, mockFetch, renderRoute } from '../../../testing/render-route';
import EditPartPage from './EditPartPage';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const render = () =>
  renderRoute(<EditPartPage />, { path: '/modificacomponente/:id', url: `/modificacomponente/${ID}` });

afterEach(() => vi.unstubAllGlobals());

describe('EditPartPage', () => {
  it('prefills every field with the stored value, also as placeholder, and the image at 320 px', async () => {
    mockFetch(() => json(makePart(), { headers: { etag: '"1"' } }));
    render();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Visualizza/ Modifica componente' }),
    ).toBeInTheDocument();
    const nome = await screen.findByRole('textbox', { name: 'Nome' });
    expect(nome).toHaveValue('Faro anteriore sinistro');
    expect(nome).toHaveAttribute('placeholder', 'Faro anteriore sinistro');
    expect(nome).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Peso (Kg)' })).toHaveValue('1,5');
    expect(screen.getByRole('textbox', { name: 'Anno di immatricolazione' })).toHaveValue('2004');
    expect(screen.getByRole('img', { name: 'Immagine attuale di Faro anteriore sinistro' })).toHaveClass(
      'parts-edit-image',
    );
    expect(screen.getByRole('link', { name: 'Torna Indietro' })).toHaveAttribute('href', '/elencocomponenti');
  });

  it('sends only the changed, non-empty fields with If-Match, then goes to the dashboard', async () => {
    const calls = mockFetch(({ method, body }) =>
      method === 'PATCH'
        ? json(makePart(body as object), { headers: { etag: '"2"' } })
        : json(makePart(), { headers: { etag: '"1"' } }),
    );
    const { location } = render();
    const marca = await screen.findByRole('textbox', { name: 'Marca' });
    fireEvent.change(marca, { target: { value: 'Lancia' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: '' } });
    // The same weight written the other way is no change.
    fireEvent.change(screen.getByRole('textbox', { name: 'Peso (Kg)' }), { target: { value: '1.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(location()).toBe('/dashboardpage'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`/api/componenti/modifica/${ID}`);
    expect(patch?.body).toEqual({ marca: 'Lancia' });
    expect(patch?.headers.get('if-match')).toBe('"1"');
  });

  it('checks changed fields with the shared rules before sending', async () => {
    const calls = mockFetch(() => json(makePart(), { headers: { etag: '"1"' } }));
    render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Peso (Kg)' }), {
      target: { value: '-2' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText('Il peso non può essere negativo')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('on 412 says someone else changed the part and loads the latest version on request', async () => {
    let version = 1;
    const calls = mockFetch(({ method }) => {
      if (method === 'PATCH') {
        return json(
          { error: 'Il componente è stato modificato da qualcun altro', code: 'PRECONDITION_FAILED' },
          { status: 412 },
        );
      }
      return json(makePart({ modello: version === 1 ? 'Punto' : 'Panda', version }), {
        headers: { etag: `"${version}"` },
      });
    });
    const { location } = render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    expect(await screen.findByText(/Qualcun altro ha modificato questo componente/)).toBeInTheDocument();
    expect(location()).toBe(`/modificacomponente/${ID}`);
    version = 2;
    await userEvent.click(screen.getByRole('button', { name: 'Carica la versione più recente' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Modello' })).toHaveValue('Panda'));
    expect(screen.queryByText(/Qualcun altro/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.headers.get('if-match')).toBe('"2"');
  });

  it('saves a weight typed the Italian way as that weight', async () => {
    const calls = mockFetch(({ method, body }) =>
      method === 'PATCH'
        ? json(makePart(body as object), { headers: { etag: '"2"' } })
        : json(makePart(), { headers: { etag: '"1"' } }),
    );
    const { location } = render();
    const peso = await screen.findByRole('textbox', { name: 'Peso (Kg)' });
    await userEvent.clear(peso);
    await userEvent.type(peso, '1,8');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(location()).toBe('/dashboardpage'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ peso: 1.8 });
  });

  it('keeps unsaved changes across a remount and warns when the part changed since', async () => {
    let version = 1;
    mockFetch(() =>
      json(makePart({ modello: version === 1 ? 'Punto' : 'Panda', version }), {
        headers: { etag: `"${version}"` },
      }),
    );
    const first = render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Versione' }), { target: { value: '1.4' } });
    first.unmount();

    version = 2;
    render();
    expect(await screen.findByRole('textbox', { name: 'Versione' })).toHaveValue('1.4');
    // Someone else's change to another field is shown, not overwritten by the draft.
    expect(screen.getByRole('textbox', { name: 'Modello' })).toHaveValue('Panda');
    expect(screen.getByRole('status')).toHaveTextContent(/nel frattempo il componente è stato cambiato/);
    await userEvent.click(screen.getByRole('button', { name: 'Scarta la bozza' }));
    expect(screen.getByRole('textbox', { name: 'Versione' })).toHaveValue('1.2 8V');
  });

  it('shows a failed load with Riprova', async () => {
    mockFetch(() => json({ error: 'Componente non trovato', code: 'NOT_FOUND' }, { status: 404 }));
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossibile caricare il componente');
    expect(alert).toHaveTextContent('Componente non trovato');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
