import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '@magazzino/contract';
import { draftKey } from '../../../lib/drafts';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { makePart, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/nuovocomponente';
const CREATE = 'POST /api/componenti/crea-componente';

/** The values in use, as GET /api/componenti/categorie and /condizioni give them. */
const IN_USE = {
  'GET /api/componenti/categorie': () =>
    jsonResponse(200, [
      { categoria: 'Carrozzeria', count: 34 },
      { categoria: 'Elettronica', count: 3 },
      { categoria: 'Illuminazione', count: 12 },
    ]),
  'GET /api/componenti/condizioni': () =>
    jsonResponse(200, [
      { condizione: 'Buona', count: 40 },
      { condizione: 'Da revisionare', count: 2 },
    ]),
};

/** Opens the add screen, signed in, once its chunk has loaded. */
async function render() {
  const view = renderApp(PATH, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' });
  return view;
}

/** The API with a create route that saves whatever it is sent. */
const serveCreate = () =>
  mockApi({
    ...ME_SIGNED_IN,
    ...IN_USE,
    [CREATE]: ({ body }) => jsonResponse(201, makePart(body as Partial<Part>)),
  });

/** A field by its visible label: a text field, or a combobox (categoria, condizione). */
function field(label: string): HTMLElement {
  return screen.queryByRole('textbox', { name: label }) ?? screen.getByRole('combobox', { name: label });
}
const created = (calls: ApiCall[]) => callsTo(calls, CREATE);

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
    fireEvent.change(field(label), { target: { value } });
  }
  fireEvent.change(screen.getByRole('textbox', { name: 'Peso (Kg)' }), { target: { value: '1,5' } });
}

const jpeg = (name = 'faro.jpg') => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

/** An XMLHttpRequest stand-in: reports progress, then answers like the upload route. */
class FakeUpload {
  static all: FakeUpload[] = [];
  static get last(): FakeUpload | undefined {
    return FakeUpload.all.at(-1);
  }
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
    FakeUpload.all.push(this);
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
  /** Answers like the upload route storing the photo `name`. */
  stored(name: string) {
    this.answer(201, { secure_url: `/media/${name}.webp`, thumbnail_url: `/media/${name}-thumb.webp` });
  }
}

/** Waits until `n` uploads have started (each photo is made smaller first, then sent). */
async function uploadsStarted(n: number): Promise<FakeUpload[]> {
  await waitFor(() => expect(FakeUpload.all).toHaveLength(n));
  return FakeUpload.all;
}

/** The form's photos, in order, by the thumbnails shown. */
const photoList = () => screen.getByRole('list', { name: 'Foto scelte' });
const thumbs = () =>
  within(photoList())
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

afterEach(() => {
  FakeUpload.all = [];
});

describe('AddPartPage', () => {
  it('marks the required fields and says which are missing, in Italian, without calling the server', async () => {
    const calls = mockApi({ ...ME_SIGNED_IN, ...IN_USE });
    await render();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('name', 'nome');
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeRequired();
    for (const optional of ['Descrizione', 'Codice', 'Peso (Kg)', 'Versione']) {
      expect(screen.getByRole('textbox', { name: optional })).not.toBeRequired();
    }
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Peso (Kg)' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Anno di immatricolazione' })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('enterkeyhint', 'next');
    // Grouped: Componente, Veicolo, Ubicazione, Compatibile anche con, Foto.
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Componente',
      'Veicolo',
      'Ubicazione',
      'Compatibile anche con',
      'Foto',
    ]);
    expect(
      within(screen.getByRole('group', { name: 'Veicolo' })).getByRole('textbox', { name: 'Marca' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla Dashboard' })).toHaveAttribute(
      'href',
      '/dashboardpage',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText('Il nome è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('La categoria è obbligatoria')).toBeInTheDocument();
    expect(screen.queryByText('Il peso è obbligatorio')).not.toBeInTheDocument();
    expect(screen.queryByText('Il codice è obbligatorio')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Anno di immatricolazione' }), {
      target: { value: '1850' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText(/compreso tra 1900 e/)).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it('reads a weight typed the Italian way, shows it the Italian way, and refuses what it cannot read', async () => {
    const calls = serveCreate();
    await render();
    const peso = screen.getByRole('textbox', { name: 'Peso (Kg)' });
    await userEvent.type(peso, '1.8');
    await userEvent.tab();
    expect(peso).toHaveValue('1,8');
    fillForm();
    await userEvent.clear(peso);
    await userEvent.type(peso, '1,2,3');
    await userEvent.tab();
    expect(peso).toHaveValue('1,2,3');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText('Il peso deve essere un numero')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);

    await userEvent.clear(peso);
    await userEvent.type(peso, '1.234,5');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.body).toMatchObject({ peso: 1234.5 });
  });

  it('uploads each photo chosen at once with its progress bar, and a save pressed meanwhile waits for them', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    await render();
    fillForm();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), [
      jpeg('fronte.jpg'),
      jpeg('retro.jpg'),
    ]);
    const [first, second] = await uploadsStarted(2);
    if (!first || !second) throw new Error('choosing the photos did not start their uploads');
    expect(first.sent?.get('my_file')).toBeInstanceOf(File);
    first.progress(42, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento del caricamento della foto 1' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(bar).toHaveAttribute('aria-valuetext', '42%');
    expect(
      screen.getByRole('progressbar', { name: 'Avanzamento del caricamento della foto 2' }),
    ).toBeInTheDocument();

    // Saved before the photos arrived: nothing is sent yet, and the clerk is told why.
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText(/sarà salvato appena le foto avranno finito/)).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
    first.stored('fronte');
    expect(created(calls)).toHaveLength(0);
    second.stored('retro');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Componente aggiunto')).toBeInTheDocument();
    expect(within(dialog).getByText('Componente inserito correttamente!')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(1);
    expect(created(calls)[0]?.body).toMatchObject({
      nome: 'Faro anteriore sinistro',
      peso: 1.5,
      immagini: ['/media/fronte.webp', '/media/retro.webp'],
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Foto scelte' })).not.toBeInTheDocument();
  });

  it('moves photos earlier and later, makes one the cover, and saves them in that order', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    await render();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
      jpeg('c.jpg'),
    ]);
    const uploads = await uploadsStarted(3);
    uploads.forEach((upload, index) => upload.stored(['a', 'b', 'c'][index] ?? ''));
    await waitFor(() => expect(within(photoList()).queryAllByRole('progressbar')).toHaveLength(0));
    expect(thumbs()).toEqual(['/media/a-thumb.webp', '/media/b-thumb.webp', '/media/c-thumb.webp']);
    // The first can go no earlier, the last no later.
    expect(screen.getByRole('button', { name: 'Sposta prima la foto 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sposta dopo la foto 3' })).toBeDisabled();

    // With the keyboard: the focus follows the photo moved, and screen readers hear where it went.
    screen.getByRole('button', { name: 'Sposta dopo la foto 1' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(thumbs()).toEqual(['/media/b-thumb.webp', '/media/a-thumb.webp', '/media/c-thumb.webp']);
    expect(screen.getByRole('button', { name: 'Sposta dopo la foto 2' })).toHaveFocus();
    expect(screen.getByText('Foto spostata: ora è la 2 di 3.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(thumbs()).toEqual(['/media/b-thumb.webp', '/media/c-thumb.webp', '/media/a-thumb.webp']);
    // At the end, the focus moves to the button still usable.
    expect(screen.getByRole('button', { name: 'Sposta prima la foto 3' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Usa la foto 2 come copertina' }));
    expect(thumbs()).toEqual(['/media/c-thumb.webp', '/media/b-thumb.webp', '/media/a-thumb.webp']);
    const [cover] = within(photoList()).getAllByRole('listitem');
    expect(within(cover as HTMLElement).getByText('Copertina')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi la foto 2' }));

    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.body).toMatchObject({ immagini: ['/media/c.webp', '/media/a.webp'] });
  });

  it("keeps the vehicle and the shelf after 'Chiudi', clears the rest and puts the cursor on Nome", async () => {
    const calls = serveCreate();
    await render();
    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Componente aggiunto' });
    expect(dialog).toHaveTextContent(
      "«Chiudi» tiene il veicolo (Fiat Punto 1.2 8V 2004) e l'ubicazione A · 1 · 2 per il prossimo componente",
    );
    // The new part's label, in a new tab: this form stays as it is for the next part.
    const label = within(dialog).getByRole('link', { name: /^Stampa etichetta/ });
    expect(label).toHaveAttribute('href', `/etichette?tipo=componenti&ids=${makePart()._id}`);
    expect(label).toHaveAttribute('target', '_blank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const kept = {
      Marca: 'Fiat',
      Modello: 'Punto',
      Versione: '1.2 8V',
      'Anno di immatricolazione': '2004',
      Scaffale: 'A',
      Campata: '1',
      Ripiano: '2',
    };
    for (const [label, value] of Object.entries(kept)) expect(field(label), label).toHaveValue(value);
    for (const label of [
      'Nome',
      'Descrizione',
      'Categoria',
      'Codice',
      'Condizione',
      'Peso (Kg)',
      'Prezzo (€)',
      'Cassetta',
    ]) {
      expect(field(label), label).toHaveValue('');
    }
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveFocus());

    // The second part of the same vehicle: only what is its own, optional fields left empty.
    fireEvent.change(field('Nome'), { target: { value: 'Fanale posteriore' } });
    fireEvent.change(field('Categoria'), { target: { value: 'Illuminazione' } });
    fireEvent.change(field('Condizione'), { target: { value: 'Buona' } });
    fireEvent.change(field('Cassetta'), { target: { value: '4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[1]?.body).toEqual({
      nome: 'Fanale posteriore',
      descrizione: null,
      categoria: 'Illuminazione',
      codice: null,
      condizione: 'Buona',
      peso: null,
      prezzo: null,
      scaffale: 'A',
      campata: '1',
      ripiano: '2',
      cassetta: '4',
      marca: 'Fiat',
      modello: 'Punto',
      versione: '1.2 8V',
      annoImmatricolazione: '2004',
      immagini: [],
      veicoloId: null,
      compatibilita: [],
    });

    // 'Nuovo veicolo' clears everything.
    await userEvent.click(screen.getByRole('button', { name: 'Nuovo veicolo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    for (const label of [...Object.keys(kept), 'Nome', 'Cassetta'])
      expect(field(label), label).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveFocus());
  });

  it('moves to the next field on Enter, and picks a category in use however it was typed', async () => {
    const calls = serveCreate();
    await render();
    const nome = screen.getByRole('textbox', { name: 'Nome' });
    await userEvent.type(nome, 'Parafango{Enter}');
    const categoria = screen.getByRole('combobox', { name: 'Categoria' });
    expect(categoria).toHaveFocus();
    await userEvent.type(categoria, 'carrozzeri');
    const list = screen.getByRole('listbox', { name: 'Categorie esistenti' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName('Carrozzeria 34 componenti');
    expect(options[1]).toHaveAccessibleName('Nuova categoria «carrozzeri»');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(categoria).toHaveValue('Carrozzeria');
    expect(categoria).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const condizione = screen.getByRole('combobox', { name: 'Condizione' });
    expect(condizione).toHaveFocus();
    // Typed all in lower case and left: the spelling in use.
    await userEvent.type(condizione, 'da revisionare');
    await userEvent.tab();
    expect(condizione).toHaveValue('Da revisionare');
    fillForm();
    fireEvent.change(field('Categoria'), { target: { value: 'ELETTRONICA' } });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.body).toMatchObject({ categoria: 'ELETTRONICA' });
  });

  it('refuses to save without a photo that failed, until it is retried or removed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    await render();
    fillForm();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), [jpeg('faro.jpg'), jpeg('retro.jpg')]);
    const [first, second] = await uploadsStarted(2);
    first?.stored('abc');
    second?.onerror?.();
    expect(await screen.findByText(/retro\.jpg non è stata caricata/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText(/Una foto non è stata caricata/)).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
    // The focus goes to the picker, to add the photo again if the clerk likes.
    expect(screen.getByLabelText('Scegli dalle foto')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Riprova a caricare la foto 2' }));
    const retried = await uploadsStarted(3);
    retried[2]?.stored('def');
    await waitFor(() => expect(thumbs()).toEqual(['/media/abc-thumb.webp', '/media/def-thumb.webp']));
    expect(screen.queryByText(/Una foto non è stata caricata/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.body).toMatchObject({ immagini: ['/media/abc.webp', '/media/def.webp'] });
  });

  it('keeps the photos already stored in the draft, and puts them back in order', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveCreate();
    const first = await render();
    await userEvent.upload(screen.getByLabelText('Scegli dalle foto'), [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
      jpeg('c.jpg'),
    ]);
    const [a, b] = await uploadsStarted(3);
    a?.stored('a');
    b?.stored('b');
    await waitFor(() => expect(thumbs()).toContain('/media/b-thumb.webp'));
    await userEvent.click(screen.getByRole('button', { name: 'Usa la foto 2 come copertina' }));
    // The third is still on its way when the screen goes: only the stored ones are kept.
    first.unmount();
    expect(JSON.parse(localStorage.getItem(draftKey(TEST_USER._id, 'nuovo')) ?? 'null')).toMatchObject({
      data: {
        immagini: ['/media/b.webp', '/media/a.webp'],
        miniature: ['/media/b-thumb.webp', '/media/a-thumb.webp'],
      },
    });

    await render();
    expect(thumbs()).toEqual(['/media/b-thumb.webp', '/media/a-thumb.webp']);
    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.body).toMatchObject({ immagini: ['/media/b.webp', '/media/a.webp'] });
  });

  it('keeps what was typed as a draft of this user, puts it back, and forgets it once saved', async () => {
    const calls = serveCreate();
    const first = await render();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Alternatore' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Peso (Kg)' }), { target: { value: '4,2' } });
    // Leaving the screen (an expired session sends the clerk to the sign-in) writes the draft.
    first.unmount();
    const key = draftKey(TEST_USER._id, 'nuovo');
    expect(JSON.parse(localStorage.getItem(key) ?? 'null')).toMatchObject({
      data: { values: { nome: 'Alternatore', peso: '4,2' }, immagini: [] },
    });

    await render();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Alternatore');
    expect(screen.getByRole('textbox', { name: 'Peso (Kg)' })).toHaveValue('4,2');
    expect(screen.getByRole('status')).toHaveTextContent(/Abbiamo ripristinato i dati non salvati/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: '' } });
    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)).toHaveLength(1);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('never shows a draft to another user, and discards one on request', async () => {
    localStorage.setItem(
      draftKey('someone-else', 'nuovo'),
      JSON.stringify({
        savedAt: new Date().toISOString(),
        data: { values: { nome: 'Segreto' }, photo: null },
      }),
    );
    const mine = draftKey(TEST_USER._id, 'nuovo');
    localStorage.setItem(
      mine,
      JSON.stringify({ savedAt: new Date().toISOString(), data: { values: { nome: 'Mio' }, photo: null } }),
    );
    mockApi({ ...ME_SIGNED_IN, ...IN_USE });
    await render();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Mio');
    await userEvent.click(screen.getByRole('button', { name: 'Scarta la bozza' }));
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('');
    expect(localStorage.getItem(mine)).toBeNull();
    expect(screen.queryByText(/Segreto/)).not.toBeInTheDocument();
  });

  it('shows upload and server field errors beside their inputs, and no modal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    mockApi({
      ...ME_SIGNED_IN,
      ...IN_USE,
      [CREATE]: () =>
        jsonResponse(400, {
          error: 'Dati non validi',
          code: 'VALIDATION',
          fields: { codice: 'Il codice è già usato da un altro componente' },
        }),
    });
    await render();
    await userEvent.upload(
      screen.getByLabelText('Scegli dalle foto'),
      new File(['not an image'], 'note.jpg', { type: 'image/jpeg' }),
    );
    const [upload] = await uploadsStarted(1);
    upload?.answer(415, {
      error: "Il file non è un'immagine supportata",
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(
      await screen.findByText("note.jpg non è stata caricata: Il file non è un'immagine supportata"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi la foto 1' }));

    fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await screen.findByText('Il codice è già usato da un altro componente')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Codice' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Il componente non è stato aggiunto: Dati non validi/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
