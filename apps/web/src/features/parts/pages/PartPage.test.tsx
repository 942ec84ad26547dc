import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { jsonResponse, mockApi } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const ID = 'p-7';
const READ = `GET /api/componenti/${ID}`;

/** A part as the server keeps it, with a few values the page has to show in its own way. */
const PART = makePart({
  _id: ID,
  nome: 'Alternatore Bosch',
  descrizione: 'Revisionato.\nGaranzia 3 mesi.',
  codice: '0 124 325 003',
  peso: 4.25,
  scaffale: 'G',
  campata: '2',
  ripiano: '3',
  cassetta: '12',
  createdAt: '2026-03-05T09:30:00.000Z',
  updatedAt: '2026-04-10T15:45:00.000Z',
});

/** Opens the part's page, signed in, once the part is shown. */
async function render(part: Part = PART, url = `/componente/${ID}`) {
  mockApi({ ...ME_SIGNED_IN, [READ]: () => jsonResponse(200, part, { etag: '"1"' }) });
  const view = renderApp(url, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: part.nome });
  return view;
}

/** The value shown beside a label. */
/** What a field shows on the screen (the words only screen readers hear left out). */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  const copy = term.nextElementSibling?.cloneNode(true) as HTMLElement | undefined;
  copy?.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return copy?.textContent ?? '';
}

describe('PartPage', () => {
  it('shows every field, read-only, with the location on one line and in words', async () => {
    await render();
    expect(document.title).toBe('Alternatore Bosch · Magazzino Ricambi');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(valueOf('Nome')).toBe('Alternatore Bosch');
    expect(valueOf('Descrizione')).toBe('Revisionato.\nGaranzia 3 mesi.');
    expect(valueOf('Categoria')).toBe('Illuminazione');
    expect(valueOf('Condizione')).toBe('Buona');
    expect(valueOf('Peso')).toBe('4,25 Kg');
    expect(valueOf('Marca')).toBe('Fiat');
    expect(valueOf('Modello')).toBe('Punto');
    expect(valueOf('Versione')).toBe('1.2 8V');
    expect(valueOf('Anno di immatricolazione')).toBe('2004');
    const code = screen.getByRole('link', { name: /0 124 325 003/ });
    expect(code).toHaveAttribute('href', 'https://www.google.com/search?q=0%20124%20325%20003');

    const where = screen.getByRole('region', { name: 'Ubicazione' });
    expect(within(where).getByText('G · 2 · 3 · 12')).toHaveAttribute('aria-hidden', 'true');
    expect(within(where).getByText('Scaffale G, campata 2, ripiano 3, cassetta 12')).toBeInTheDocument();

    const dates = screen.getByRole('region', { name: 'Registrazione' });
    expect(within(dates).getByText(/^Inserito il 5 marzo 2026 alle ore \d\d:30$/)).toHaveAttribute(
      'datetime',
      '2026-03-05T09:30:00.000Z',
    );
    expect(within(dates).getByText(/^Modificato il 10 aprile 2026 alle ore \d\d:45$/)).toBeInTheDocument();
  });

  it('shows "—" for an optional value left empty, "non indicato" for screen readers', async () => {
    await render(
      makePart({ _id: ID, nome: 'Specchietto', codice: null, descrizione: null, versione: null, peso: null }),
    );
    expect(valueOf('Codice')).toBe('—');
    expect(valueOf('Descrizione')).toBe('—');
    expect(valueOf('Versione')).toBe('—');
    expect(valueOf('Peso')).toBe('—');
    expect(screen.getByText('Codice', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'non indicato',
    );
    expect(screen.queryByRole('link', { name: /Cerca il codice/ })).not.toBeInTheDocument();
  });

  it('opens the full photo in the viewer from its thumbnail, and says when there is none', async () => {
    const { unmount } = await render();
    const photo = screen.getByRole('button', { name: 'Ingrandisci la foto di Alternatore Bosch' });
    expect(photo.querySelector('img')).toHaveAttribute('src', PART.urlMiniatura);
    await userEvent.click(photo);
    const viewer = await screen.findByRole('dialog', { name: 'Visualizzatore immagini' });
    await waitFor(() =>
      expect(viewer.querySelector(`img[src="${PART.urlImmagine ?? ''}"]`)).toBeInTheDocument(),
    );
    unmount();

    await render(makePart({ _id: ID, nome: 'Senza foto', urlImmagine: null, urlMiniatura: null }));
    expect(screen.getByText('Questo componente non ha ancora una foto.')).toBeInTheDocument();
  });

  it('shows every photo, the cover first, and opens the viewer at the one chosen with arrows to the others', async () => {
    const photos = ['a', 'b', 'c'];
    await render(
      makePart({
        ...PART,
        immagini: photos.map((name) => `/media/${name}.webp`),
        miniature: photos.map((name) => `/media/${name}-thumb.webp`),
      }),
    );
    const buttons = photos.map((_, index) =>
      screen.getByRole('button', { name: `Ingrandisci la foto ${index + 1} di 3 di Alternatore Bosch` }),
    );
    expect(buttons.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      '/media/a-thumb.webp',
      '/media/b-thumb.webp',
      '/media/c-thumb.webp',
    ]);
    await userEvent.click(buttons[1] as HTMLElement);
    const viewer = await screen.findByRole('dialog', { name: 'Visualizzatore immagini' });
    await waitFor(() => expect(viewer.querySelector('img[src="/media/b.webp"]')).toBeInTheDocument());
    expect(within(viewer).getByRole('button', { name: 'Precedente' })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Successiva' })).toBeInTheDocument();
    expect(viewer.querySelector('img[alt="Foto 3 di 3 di Alternatore Bosch"]')).toHaveAttribute(
      'src',
      '/media/c.webp',
    );
  });

  it('leads to Modifica and Cancella, and back to the list it was opened from', async () => {
    await render();
    expect(screen.getByRole('link', { name: 'Modifica' })).toHaveAttribute(
      'href',
      `/modificacomponente/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Cancella' })).toHaveAttribute(
      'href',
      `/cancellacomponente/${ID}`,
    );
    // Opened directly (a shared link): 'back' is the parts list.
    expect(screen.getByRole('link', { name: "Torna all'elenco" })).toHaveAttribute(
      'href',
      '/elencocomponenti',
    );
  });

  it('is marked in the navbar as part of "Elenco Componenti"', async () => {
    await render();
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(within(nav).getByRole('link', { name: 'Elenco Componenti' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('says when the part cannot be loaded, with Riprova', async () => {
    mockApi({
      ...ME_SIGNED_IN,
      [READ]: () => jsonResponse(404, { error: 'Componente non trovato.', code: 'NOT_FOUND' }),
    });
    const { router } = renderApp(`/componente/${ID}`, { storedUser: TEST_USER });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossibile caricare il componente');
    expect(alert).toHaveTextContent('Componente non trovato.');
    expect(within(alert).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Componente' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/componente/${ID}`);
  });
});
