import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportSummary } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { draftKey } from '../../../lib/drafts';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makeUser, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

const PATH = '/importa';
const ID = 'imp-1';
const DETAIL = `GET /api/importazioni/${ID}`;
const PREVIEW = `POST /api/importazioni/${ID}/anteprima`;
const RUN = `POST /api/importazioni/${ID}/esegui`;

/** The headers of the file, and what the server guessed for each ('Cond.' and 'Note' unknown). */
const PROPOSED = {
  Nome: 'nome',
  Categoria: 'categoria',
  'Cond.': null,
  Scaffale: 'scaffale',
  Campata: 'campata',
  Ripiano: 'ripiano',
  Cassetta: 'cassetta',
  Marca: 'marca',
  Modello: 'modello',
  Anno: 'annoImmatricolazione',
  'Peso (Kg)': 'peso',
  Note: null,
} as const;

const CSV = [
  'Nome;Categoria;Cond.;Scaffale;Campata;Ripiano;Cassetta;Marca;Modello;Anno;Peso (Kg);Note',
  'Faro anteriore;Illuminazione;Buona;A;1;2;3;Fiat;Punto;2004;1,5;',
  'Specchietto sx;Carrozzeria;Usato;B;1;1;1;Lancia;Ypsilon;2010;molto;rotto',
  'Paraurti;Carrozzeria;Buona;C;2;2;2;Fiat;Panda;2012;8;',
].join('\n');

/** An uploaded import as the server answers it, with overrides. */
function makeImport(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    _id: ID,
    nomeFile: 'ricambi.csv',
    formato: 'csv',
    colonne: Object.keys(PROPOSED),
    righe: 3,
    // What the server reads from the file: each column's first values.
    esempi: Object.keys(PROPOSED).map((_, index) =>
      CSV.split('\n')
        .slice(1)
        .map((line) => line.split(';')[index] ?? '')
        .filter((value) => value !== ''),
    ),
    mappatura: { ...PROPOSED },
    stato: 'caricato',
    modalita: null,
    elaborate: 0,
    importate: 0,
    aggiornate: 0,
    scartate: 0,
    errore: null,
    utente: { _id: TEST_USER._id, username: TEST_USER.username },
    createdAt: '2026-03-02T09:30:00.000Z',
    updatedAt: '2026-03-02T09:30:00.000Z',
    ...overrides,
  };
}

/** The preview of the three rows: the second has a weight that is no number. */
const PREVIEWED: ImportPreview = {
  righe: [
    {
      riga: 2,
      valori: { nome: 'Faro anteriore', condizione: 'Buona', peso: '1,5', annoImmatricolazione: '2004' },
      errori: [],
    },
    {
      riga: 3,
      valori: { nome: 'Specchietto sx', condizione: 'Usato', peso: 'molto', annoImmatricolazione: '2010' },
      errori: [{ colonna: 'Peso (Kg)', campo: 'peso', messaggio: 'Il peso deve essere un numero' }],
    },
    {
      riga: 4,
      valori: { nome: 'Paraurti', condizione: 'Buona', peso: '8', annoImmatricolazione: '2012' },
      errori: [],
    },
  ],
  valide: 2,
  conErrori: 1,
  erroriFrequenti: [{ messaggio: 'Il peso deve essere un numero', righe: 1 }],
};

/** An XMLHttpRequest stand-in: reports progress, then answers like POST /api/importazioni. */
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
});

/** The API of an import that was uploaded, previews as PREVIEWED and runs as `run` says. */
function serveImport(extra: Record<string, (call: ApiCall) => Response> = {}) {
  return mockApi({
    ...ME_SIGNED_IN,
    'GET /api/importazioni': () => jsonResponse(200, []),
    [DETAIL]: () => jsonResponse(200, makeImport()),
    [PREVIEW]: () => jsonResponse(200, PREVIEWED),
    ...extra,
  });
}

const fieldFor = (colonna: string) =>
  screen.getByRole('combobox', { name: `Campo per la colonna ${colonna}` });

/** Opens an uploaded import at its mapping step. */
async function openMapping() {
  const view = renderApp(`${PATH}?importazione=${ID}`, { storedUser: TEST_USER });
  await screen.findByRole('heading', { level: 2, name: 'Abbina le colonne' });
  return view;
}

/** Maps the unknown 'Cond.' column and asks for the preview. */
async function toPreview() {
  await userEvent.selectOptions(fieldFor('Cond.'), 'condizione');
  await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
  await screen.findByRole('heading', { level: 2, name: 'Controlla l’anteprima' });
}

describe('ImportPage', () => {
  it('uploads the chosen file with a progress bar, then maps every column with its values', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = serveImport();
    const { router } = renderApp(PATH, { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Importa componenti' });
    // The title is set by an effect, which may run just after the heading is drawn.
    await waitFor(() => expect(document.title).toBe('Importa componenti · Magazzino Ricambi'));
    expect(screen.getByRole('list', { name: 'Passaggi dell’importazione' })).toHaveTextContent(
      /File.*Colonne/,
    );
    expect(await screen.findByText('Nessuna importazione finora.')).toBeInTheDocument();

    const picker = screen.getByLabelText('File da importare (CSV o Excel .xlsx)');
    await userEvent.upload(picker, new File([CSV], 'ricambi.csv', { type: 'text/csv' }));
    const xhr = await waitFor(() => {
      if (!FakeUpload.last) throw new Error('choosing a file did not start its upload');
      return FakeUpload.last;
    });
    expect(xhr.open).toHaveBeenCalledWith('POST', '/api/importazioni');
    expect((xhr.sent?.get('file') as File).name).toBe('ricambi.csv');

    xhr.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento del caricamento' });
    // The bar is drawn at 0 when the upload starts: the progress reaches it with the next render.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Caricamento di ricambi.csv…')).toBeInTheDocument();
    expect(picker).toBeDisabled();

    xhr.answer(201, makeImport());
    const title = await screen.findByRole('heading', { level: 2, name: 'Abbina le colonne' });
    // The clerk's action led here: the new step's heading has the focus.
    await waitFor(() => expect(title).toHaveFocus());
    expect(currentPath(router)).toBe(`${PATH}?importazione=${ID}`);
    expect(screen.getByText(/ricambi\.csv: 3 righe/)).toBeInTheDocument();
    // Every column, the field the server proposed, and a few of its values (read from the file).
    expect(screen.getAllByRole('combobox')).toHaveLength(12);
    expect(fieldFor('Nome')).toHaveValue('nome');
    expect(fieldFor('Anno')).toHaveValue('annoImmatricolazione');
    expect(fieldFor('Note')).toHaveValue('');
    expect(within(fieldFor('Note')).getByRole('option', { name: 'Ignora' })).toBeInTheDocument();
    expect(within(fieldFor('Nome')).getByRole('option', { name: 'Peso (Kg)' })).toBeInTheDocument();
    const nomeRow = screen.getByRole('rowheader', { name: 'Nome' }).closest('tr');
    if (!nomeRow) throw new Error('no row for the Nome column');
    expect(await within(nomeRow).findByText('Faro anteriore')).toBeInTheDocument();
    expect(within(nomeRow).getByText('Paraurti')).toBeInTheDocument();
    // The server already answered the summary: it is not asked again.
    expect(callsTo(calls, DETAIL)).toHaveLength(0);
  });

  it('says why a file was refused, beside the picker', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    serveImport();
    renderApp(PATH, { storedUser: TEST_USER });
    const picker = await screen.findByLabelText('File da importare (CSV o Excel .xlsx)');
    await userEvent.upload(picker, new File(['%PDF-1.7'], 'listino.xlsx'));
    const xhr = await waitFor(() => {
      if (!FakeUpload.last) throw new Error('no upload yet');
      return FakeUpload.last;
    });
    xhr.answer(415, {
      error: 'Il file deve essere un CSV o un foglio Excel (.xlsx)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il file non è stato caricato: Il file deve essere un CSV o un foglio Excel (.xlsx)',
    );
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toBeEnabled();
  });

  it('lists the required fields no column gives and fields chosen twice, and asks the server nothing until fixed', async () => {
    const calls = serveImport();
    await openMapping();
    expect(screen.getByText('Manca la colonna per: Condizione')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
    expect(callsTo(calls, PREVIEW)).toHaveLength(0);

    await userEvent.selectOptions(fieldFor('Cond.'), 'condizione');
    expect(screen.queryByText(/Manca la colonna/)).not.toBeInTheDocument();
    await userEvent.selectOptions(fieldFor('Note'), 'peso');
    expect(screen.getByText('Peso (Kg) è scelto per più colonne: Peso (Kg), Note')).toBeInTheDocument();
    expect(fieldFor('Note')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
    expect(callsTo(calls, PREVIEW)).toHaveLength(0);

    await userEvent.selectOptions(fieldFor('Note'), 'Ignora');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
    await screen.findByRole('heading', { level: 2, name: 'Controlla l’anteprima' });
    expect(callsTo(calls, PREVIEW)[0]?.body).toEqual({
      mappatura: { ...PROPOSED, 'Cond.': 'condizione', Note: null },
    });
  });

  it('keeps the columns chosen as a draft of this user, puts them back, and forgets them once the import runs', async () => {
    const calls = serveImport({
      [RUN]: () => jsonResponse(202, makeImport({ stato: 'in_corso' })),
    });
    const first = await openMapping();
    await userEvent.selectOptions(fieldFor('Cond.'), 'condizione');
    await userEvent.selectOptions(fieldFor('Note'), 'descrizione');
    // Leaving the screen (an expired session sends the clerk to the sign-in) writes the draft.
    first.unmount();
    const key = draftKey(TEST_USER._id, `importazione.${ID}`);
    expect(JSON.parse(localStorage.getItem(key) ?? 'null')).toMatchObject({
      data: { 'Cond.': 'condizione', Note: 'descrizione', Nome: 'nome' },
    });

    await openMapping();
    await waitFor(() => expect(fieldFor('Cond.')).toHaveValue('condizione'));
    expect(fieldFor('Note')).toHaveValue('descrizione');
    expect(screen.getByRole('status')).toHaveTextContent(/Abbiamo ripristinato i dati non salvati/);
    await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
    await screen.findByRole('heading', { level: 2, name: 'Controlla l’anteprima' });
    await userEvent.click(screen.getByRole('button', { name: 'Importa 2 righe valide' }));
    await waitFor(() => expect(callsTo(calls, RUN)).toHaveLength(1));
    expect(callsTo(calls, RUN)[0]?.body).toMatchObject({
      mappatura: { ...PROPOSED, 'Cond.': 'condizione', Note: 'descrizione' },
    });
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
  });

  it('throws a kept mapping away on request, back to the proposed one', async () => {
    localStorage.setItem(
      draftKey(TEST_USER._id, `importazione.${ID}`),
      JSON.stringify({ savedAt: new Date().toISOString(), data: { ...PROPOSED, 'Cond.': 'condizione' } }),
    );
    serveImport();
    await openMapping();
    await waitFor(() => expect(fieldFor('Cond.')).toHaveValue('condizione'));
    await userEvent.click(screen.getByRole('button', { name: 'Scarta la bozza' }));
    expect(fieldFor('Cond.')).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(localStorage.getItem(draftKey(TEST_USER._id, `importazione.${ID}`))).toBeNull();
  });

  it('shows the server’s refusal of a mapping', async () => {
    serveImport({
      [PREVIEW]: () =>
        jsonResponse(400, {
          error: 'Dati non validi',
          code: 'VALIDATION_ERROR',
          fields: { mappatura: 'Manca la colonna per: Cassetta' },
        }),
    });
    await openMapping();
    await userEvent.selectOptions(fieldFor('Cond.'), 'condizione');
    await userEvent.click(screen.getByRole('button', { name: 'Mostra l’anteprima' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'L’anteprima non è riuscita: Manca la colonna per: Cassetta',
    );
  });

  it('previews the first rows with the cells in error marked, each error naming its column, and the counts', async () => {
    serveImport();
    await openMapping();
    await toPreview();
    const table = screen.getByRole('table', { name: 'Le prime 3 righe del file' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Riga',
      'Errori',
      'Nome',
      'Categoria',
      'CondizioneCond.',
      'Scaffale',
      'Campata',
      'Ripiano',
      'Cassetta',
      'Marca',
      'Modello',
      'Anno di immatricolazioneAnno',
      'Peso (Kg)',
    ]);
    const wrongRow = within(table).getByRole('rowheader', { name: 'Riga 3' }).closest('tr');
    if (!wrongRow) throw new Error('no row 3');
    const wrongCell = within(wrongRow).getByText('molto').closest('td');
    expect(wrongCell).toHaveClass('import-cell-error');
    // Said to screen readers too, not only coloured.
    expect(wrongCell).toHaveTextContent('errore: molto');
    expect(wrongCell).toHaveAccessibleDescription('Colonna «Peso (Kg)»: Il peso deve essere un numero');
    expect(
      within(wrongRow).getByText('Colonna «Peso (Kg)»: Il peso deve essere un numero'),
    ).toBeInTheDocument();
    const goodRow = within(table).getByRole('rowheader', { name: 'Riga 2' }).closest('tr');
    if (!goodRow) throw new Error('no row 2');
    expect(within(goodRow).queryByText('errore:', { exact: false })).not.toBeInTheDocument();
    expect(within(goodRow).getByText('Nessun errore')).toBeInTheDocument();

    expect(screen.getByText('2 righe valide')).toBeInTheDocument();
    expect(screen.getByText('1 con errori')).toBeInTheDocument();
    const frequent = screen.getByRole('heading', { name: 'Gli errori più frequenti' }).nextElementSibling;
    expect(frequent).toHaveTextContent('Il peso deve essere un numero (1 riga)');
    expect(screen.getByRole('radio', { name: 'Crea nuovi componenti' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Importa 2 righe valide' })).toBeEnabled();

    // Back to the mapping, as it was left.
    await userEvent.click(screen.getByRole('button', { name: 'Torna alle colonne' }));
    await screen.findByRole('heading', { level: 2, name: 'Abbina le colonne' });
    expect(fieldFor('Cond.')).toHaveValue('condizione');
  });

  it('imports the valid rows with a progress bar polled every second, then the summary and the refused rows', async () => {
    let ran = false;
    let polls = 0;
    const calls = serveImport({
      [RUN]: () => {
        ran = true;
        return jsonResponse(202, makeImport({ stato: 'in_corso', modalita: 'crea' }));
      },
      [DETAIL]: () => {
        if (!ran) return jsonResponse(200, makeImport());
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? makeImport({ stato: 'in_corso', elaborate: 1, importate: 1 })
            : makeImport({ stato: 'completato', elaborate: 3, importate: 1, aggiornate: 1, scartate: 1 }),
        );
      },
    });
    const { router } = await openMapping();
    await toPreview();
    await userEvent.click(screen.getByRole('radio', { name: 'Aggiorna i componenti con lo stesso codice' }));
    // Updating needs a column for the code.
    expect(
      screen.getByText('Per aggiornare i componenti abbina una colonna al campo Codice.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importa 2 righe valide' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Crea nuovi componenti' }));
    await userEvent.click(screen.getByRole('button', { name: 'Importa 2 righe valide' }));

    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento dell’importazione' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(callsTo(calls, RUN)[0]?.body).toEqual({
      mappatura: { ...PROPOSED, 'Cond.': 'condizione' },
      modalita: 'crea',
    });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'), { timeout: 2500 });
    expect(bar).toHaveAttribute('aria-valuetext', '33% · 1 righe su 3');

    const done = await screen.findByRole(
      'heading',
      { level: 2, name: 'Importazione completata' },
      { timeout: 2500 },
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Each total is a term and its number.
    const totals = [...document.querySelectorAll('.import-totals > div')].map((entry) => entry.textContent);
    expect(totals).toEqual(['Componenti creati1', 'Componenti aggiornati1', 'Righe scartate1']);
    const refused = screen.getByRole('link', { name: 'Scarica le righe scartate' });
    expect(refused).toHaveAttribute('href', `/api/importazioni/${ID}/scartate.csv`);
    expect(refused).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Vai all’elenco' })).toHaveAttribute('href', '/elencocomponenti');
    // Polling stops once the import is over.
    const asked = callsTo(calls, DETAIL).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(calls, DETAIL)).toHaveLength(asked);

    await userEvent.click(screen.getByRole('button', { name: 'Importa un altro file' }));
    await screen.findByLabelText('File da importare (CSV o Excel .xlsx)');
    expect(currentPath(router)).toBe(PATH);
  });

  it('says an import stopped before the end, and why', async () => {
    serveImport({
      [DETAIL]: () =>
        jsonResponse(
          200,
          makeImport({
            stato: 'fallito',
            elaborate: 2,
            importate: 2,
            errore: "Il server si è fermato durante l'importazione",
          }),
        ),
    });
    renderApp(`${PATH}?importazione=${ID}`, { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 2, name: 'Importazione interrotta' });
    expect(screen.getByText(/le righe già importate restano in magazzino/)).toBeInTheDocument();
    expect(screen.getByText("Motivo: Il server si è fermato durante l'importazione")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Scarica le righe scartate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai all’elenco' })).toBeInTheDocument();
  });

  it('lists the latest imports, each opening its summary', async () => {
    const calls = serveImport({
      'GET /api/importazioni': () =>
        jsonResponse(200, [
          makeImport({
            _id: 'imp-2',
            nomeFile: 'magazzino.xlsx',
            formato: 'xlsx',
            stato: 'completato',
            importate: 120,
            scartate: 4,
          }),
          makeImport(),
        ]),
      'GET /api/importazioni/imp-2': () =>
        jsonResponse(
          200,
          makeImport({
            _id: 'imp-2',
            nomeFile: 'magazzino.xlsx',
            stato: 'completato',
            importate: 120,
            scartate: 4,
          }),
        ),
    });
    const { router } = renderApp(PATH, { storedUser: TEST_USER });
    const history = await screen.findByRole('table', { name: 'Le ultime importazioni, dalla più recente' });
    expect(callsTo(calls, 'GET /api/importazioni')[0]?.url.search).toBe('?limit=10');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'magazzino.xlsx',
      'ricambi.csv',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Completata')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Da importare')).toBeInTheDocument();

    await userEvent.click(
      within(history).getByRole('link', { name: 'Apri l’importazione di magazzino.xlsx' }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Importazione completata' });
    expect(currentPath(router)).toBe(`${PATH}?importazione=imp-2`);
    expect(screen.getByRole('link', { name: 'Scarica le righe scartate' })).toHaveAttribute(
      'href',
      '/api/importazioni/imp-2/scartate.csv',
    );
  });

  it('is in the user menu of a role that changes parts', async () => {
    serveImport();
    renderApp('/importa', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Importa componenti' });
    await userEvent.click(screen.getByRole('button', { name: TEST_USER.email }));
    expect(await screen.findByRole('link', { name: 'Importa' })).toHaveAttribute('href', '/importa');
  });

  it('tells a sola lettura account why not, and asks the server nothing', async () => {
    const reader = { ...TEST_USER, role: 'sola_lettura' as const };
    const calls = mockApi({
      'GET /api/users/me': () => jsonResponse(200, makeUser({ role: 'sola_lettura' })),
    });
    renderApp(`${PATH}?importazione=${ID}`, { storedUser: reader });
    await screen.findByRole('heading', { level: 1, name: 'Importa componenti' });
    expect(screen.getByRole('alert')).toHaveTextContent('Il tuo ruolo non può importare componenti');
    expect(screen.queryByLabelText('File da importare (CSV o Excel .xlsx)')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/importazioni'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: reader.email }));
    expect(screen.queryByRole('link', { name: 'Importa' })).not.toBeInTheDocument();
  });
});
