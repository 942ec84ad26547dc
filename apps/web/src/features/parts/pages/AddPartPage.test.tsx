import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePart, mockFetch, renderRoute } from '../test-utils';
import AddPartPage from './AddPartPage';

const PATH = '/nuovocomponente';
const render = () => renderRoute(<AddPartPage />, { path: PATH, url: PATH });

const VALUES: Record<string, string> = {
  Nome: 'Faro anteriore sinistro',
  Descrizione: 'Completo di lampade',
  Categoria: 'Illuminazione',
  Codice: '51787654',
  Condizione: 'Buona',
  Scaffale: 'A',
  Campata: '1',
  Ripiano: '2',
  Cassetta: '3',
  'Anno di immatricolazione': '2004',
  Marca: 'Fiat',
  Modello: 'Punto',
  Versione: '1.2 8V',
};

function fillForm() {
  for (const [label, value] of Object.entries(VALUES)) {
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  }
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Peso (Kg)' }), { target: { value: '1.5' } });
}

/** An XMLHttpRequest stand-in: reports progress, then answers like the upload route. */
class FakeUpload {
  static last: FakeUpload | undefined;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: FormData | undefined;
  open = vi.fn();
  setRequestHeader = vi.fn();
  abort = vi.fn();
  getResponseHeader = () => 'application/json';
  constructor() {
    FakeUpload.last = this;
  }
  send(body: FormData) {
    this.sent = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeUpload.last = undefined;
  vi.unstubAllGlobals();
});

describe('AddPartPage', () => {
  it('marks every field required and says which are missing, in Italian, without calling the server', async () => {
    const calls = mockFetch(() => json({}));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('name', 'nome');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: 'Peso (Kg)' })).toHaveAttribute('step', '0.001');
    expect(screen.getByRole('link', { name: 'Torna alla Dashboard' })).toHaveAttribute(
      'href',
      '/dashboardpage',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText('Il nome è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('La categoria è obbligatoria')).toBeInTheDocument();
    expect(screen.getByText('Il peso è obbligatorio')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Anno di immatricolazione' }), {
      target: { value: '1850' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText(/compreso tra 1900 e/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('uploads with a progress bar, previews, then adds the part; Chiudi clears the form', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = mockFetch(({ body }) => json(makePart(body as object), { status: 201 }));
    render();
    const upload = screen.getByRole('button', { name: 'Carica Immagine' });
    expect(upload).toBeDisabled();
    const file = new File([new Uint8Array([1, 2, 3])], 'faro.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Immagine del componente'), file);
    expect(upload).toBeEnabled();
    await userEvent.click(upload);
    const xhr = FakeUpload.last;
    if (!xhr) throw new Error('no upload started');
    expect(xhr.sent?.get('my_file')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'uploading...' })).toBeDisabled();
    // The part waits for its photo.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aggiungi Componente' })).toBeDisabled());
    xhr.progress(42, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento del caricamento' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(bar).toHaveTextContent('42%');
    xhr.answer(201, { secure_url: '/media/abc.webp', thumbnail_url: '/media/abc-thumb.webp' });
    expect(await screen.findByRole('img', { name: 'Anteprima dell’immagine caricata' })).toHaveAttribute(
      'src',
      '/media/abc.webp',
    );

    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Componente AGGIUNTO')).toBeInTheDocument();
    expect(within(dialog).getByText('Componente inserito correttamente!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/componenti/crea-componente');
    expect(calls[0]?.body).toMatchObject({
      nome: 'Faro anteriore sinistro',
      peso: 1.5,
      urlImmagine: '/media/abc.webp',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Anteprima dell’immagine caricata' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Carica Immagine' })).toBeDisabled();
  });

  it('shows upload and server field errors beside their inputs, and no modal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    mockFetch(() =>
      json(
        {
          error: 'Dati non validi',
          code: 'VALIDATION',
          fields: { codice: 'Il codice è già usato da un altro componente' },
        },
        { status: 400 },
      ),
    );
    render();
    await userEvent.upload(
      screen.getByLabelText('Immagine del componente'),
      new File(['not an image'], 'note.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Carica Immagine' }));
    FakeUpload.last?.answer(415, {
      error: "Il file non è un'immagine supportata",
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await screen.findByText(/Il file non è un'immagine supportata/)).toBeInTheDocument();

    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText('Il codice è già usato da un altro componente')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Codice' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Il componente non è stato aggiunto: Dati non validi/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
