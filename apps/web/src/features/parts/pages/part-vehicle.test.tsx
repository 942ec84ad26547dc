import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Part, PartInput, VehicleSummary } from '@magazzino/contract';
import { callsTo, jsonResponse, mockApi, type ApiCall } from '../../../testing/mock-api';
import { currentPath, renderApp } from '../../../testing/render-app';
import { makePart, makeVehicle, ME_SIGNED_IN, TEST_USER } from '../../../testing/test-data';

// A part's donor vehicle and its 'Compatibile anche con' list, in the add and edit forms and on
// the part's page.

const VEHICLE = makeVehicle({
  _id: 'v-1',
  targa: 'AB123CD',
  marca: 'Fiat',
  modello: 'Punto',
  versione: '1.2 8V',
  annoImmatricolazione: '2004',
});
const SUMMARY: VehicleSummary = {
  _id: VEHICLE._id,
  targa: VEHICLE.targa,
  telaio: VEHICLE.telaio,
  marca: VEHICLE.marca,
  modello: VEHICLE.modello,
  versione: VEHICLE.versione,
  annoImmatricolazione: VEHICLE.annoImmatricolazione,
};
const CREATE = 'POST /api/componenti/crea-componente';

/** A field by its visible label: a text field, or a combobox (categoria, condizione). */
function field(label: string, within_: HTMLElement = document.body): HTMLElement {
  const scope = within(within_);
  return scope.queryByRole('textbox', { name: label }) ?? scope.getByRole('combobox', { name: label });
}

/** Types what a part of the vehicle needs beyond the vehicle's own fields. */
function fillPart(nome: string, cassetta: string) {
  const values: Record<string, string> = {
    Nome: nome,
    Categoria: 'Illuminazione',
    Condizione: 'Buona',
    Scaffale: 'A',
    Campata: '1',
    Ripiano: '2',
    Cassetta: cassetta,
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

const IN_USE = {
  'GET /api/componenti/categorie': () => jsonResponse(200, []),
  'GET /api/componenti/condizioni': () => jsonResponse(200, []),
};

const serveAdd = () =>
  mockApi({
    ...ME_SIGNED_IN,
    ...IN_USE,
    'GET /api/veicoli/v-1': () => jsonResponse(200, VEHICLE, { etag: '"v1"' }),
    [CREATE]: ({ body }) => {
      const input = body as PartInput;
      return jsonResponse(
        201,
        makePart({ ...input, veicolo: input.veicoloId ? SUMMARY : null, compatibilita: [] }),
      );
    },
  });
const created = (calls: ApiCall[]) =>
  callsTo(calls, CREATE).map((call) => call.body as Record<string, unknown>);

describe('a part from a donor vehicle', () => {
  it('fills the vehicle fields from ?veicolo, links it, and keeps the link for the next part of the batch', async () => {
    const calls = serveAdd();
    const { router } = renderApp('/nuovocomponente?veicolo=v-1', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' });
    const donor = await screen.findByRole('group', { name: 'Veicolo di provenienza' });
    expect(donor).toHaveTextContent('Veicolo di provenienza: AB123CD · Fiat Punto 2004');
    expect(within(donor).getByRole('link', { name: /AB123CD · Fiat Punto 2004/ })).toHaveAttribute(
      'href',
      '/veicoli/v-1',
    );
    const veicolo = screen.getByRole('group', { name: 'Veicolo' });
    expect(field('Marca', veicolo)).toHaveValue('Fiat');
    expect(field('Modello', veicolo)).toHaveValue('Punto');
    expect(field('Versione', veicolo)).toHaveValue('1.2 8V');
    expect(field('Anno di immatricolazione', veicolo)).toHaveValue('2004');
    // The parameter has done its work: a reload keeps the clerk's changes (the draft), not the vehicle's.
    await waitFor(() => expect(currentPath(router)).toBe('/nuovocomponente'));

    // Still editable.
    fireEvent.change(field('Versione', veicolo), { target: { value: '1.2 8V Active' } });
    fillPart('Faro anteriore sinistro', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Componente aggiunto' });
    expect(created(calls)[0]).toMatchObject({
      marca: 'Fiat',
      modello: 'Punto',
      versione: '1.2 8V Active',
      annoImmatricolazione: '2004',
      veicoloId: 'v-1',
      compatibilita: [],
    });

    // 'Chiudi': the next part of the same vehicle keeps the link too.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Veicolo di provenienza' })).toHaveTextContent('AB123CD');
    fillPart('Faro anteriore destro', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog', { name: 'Componente aggiunto' });
    expect(created(calls)[1]).toMatchObject({
      nome: 'Faro anteriore destro',
      veicoloId: 'v-1',
      marca: 'Fiat',
    });

    // 'Nuovo veicolo' drops it with the rest.
    await userEvent.click(screen.getByRole('button', { name: 'Nuovo veicolo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Veicolo di provenienza' })).not.toBeInTheDocument();
  });

  it("'Scollega' drops the link but keeps the fields typed from the vehicle", async () => {
    const calls = serveAdd();
    renderApp('/nuovocomponente?veicolo=v-1', { storedUser: TEST_USER });
    const donor = await screen.findByRole('group', { name: 'Veicolo di provenienza' });
    await screen.findByRole('link', { name: /AB123CD/ });
    await userEvent.click(within(donor).getByRole('button', { name: 'Scollega il veicolo AB123CD' }));
    expect(screen.queryByRole('group', { name: 'Veicolo di provenienza' })).not.toBeInTheDocument();
    fillPart('Faro anteriore sinistro', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]).toMatchObject({ marca: 'Fiat', veicoloId: null });
  });

  it('says so when the vehicle of the link does not exist, and fills nothing', async () => {
    mockApi({ ...ME_SIGNED_IN, ...IN_USE });
    renderApp('/nuovocomponente?veicolo=sparito', { storedUser: TEST_USER });
    expect(await screen.findByText(/Il veicolo indicato non è stato trovato/)).toBeInTheDocument();
    expect(field('Marca', screen.getByRole('group', { name: 'Veicolo' }))).toHaveValue('');
  });
});

describe("'Compatibile anche con'", () => {
  it('adds and removes rows, shows each error beside its box, and sends the list', async () => {
    const calls = serveAdd();
    renderApp('/nuovocomponente', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' });
    const editor = screen.getByRole('group', { name: 'Compatibile anche con' });
    expect(editor).toHaveTextContent('Nessun altro veicolo indicato.');
    const add = within(editor).getByRole('button', { name: 'Aggiungi veicolo compatibile' });
    await userEvent.click(add);
    await userEvent.click(add);
    const first = within(editor).getByRole('group', { name: 'Veicolo compatibile 1' });
    const second = within(editor).getByRole('group', { name: 'Veicolo compatibile 2' });
    expect(field('Marca', first)).toBeRequired();
    expect(field('Anno da', first)).toHaveAttribute('inputmode', 'numeric');

    fillPart('Faro anteriore sinistro', '3');
    for (const [label, value] of Object.entries({
      Marca: 'Fiat',
      Modello: 'Punto',
      'Anno di immatricolazione': '2004',
    })) {
      fireEvent.change(field(label, screen.getByRole('group', { name: 'Veicolo' })), { target: { value } });
    }
    fireEvent.change(field('Modello', first), { target: { value: 'Grande Punto' } });
    fireEvent.change(field('Anno da', first), { target: { value: '2010' } });
    fireEvent.change(field('Anno a', first), { target: { value: '2005' } });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    expect(await within(first).findByText('La marca è obbligatoria')).toBeInTheDocument();
    expect(
      within(first).getByText("L'anno finale non può essere precedente all'anno iniziale"),
    ).toBeInTheDocument();
    expect(field('Marca', first)).toHaveAttribute('aria-invalid', 'true');
    expect(within(second).getByText('La marca è obbligatoria')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);

    // The empty second row goes; the first is put right.
    await userEvent.click(within(second).getByRole('button', { name: 'Rimuovi il veicolo compatibile 2' }));
    expect(within(editor).queryByRole('group', { name: 'Veicolo compatibile 2' })).not.toBeInTheDocument();
    fireEvent.change(field('Marca', first), { target: { value: 'Fiat' } });
    fireEvent.change(field('Anno a', first), { target: { value: '2012' } });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi Componente' }));
    await screen.findByRole('dialog');
    expect(created(calls)[0]?.compatibilita).toEqual([
      { marca: 'Fiat', modello: 'Grande Punto', versione: null, annoDa: '2010', annoA: '2012' },
    ]);
  });
});

describe('editing a linked part', () => {
  const ID = 'p-1';
  const PART = makePart({
    _id: ID,
    veicolo: SUMMARY,
    compatibilita: [{ marca: 'Lancia', modello: 'Ypsilon', versione: null, annoDa: '2003', annoA: null }],
  });
  const UPDATE = `PATCH /api/componenti/modifica/${ID}`;

  const serveEdit = () =>
    mockApi({
      ...ME_SIGNED_IN,
      ...IN_USE,
      [`GET /api/componenti/${ID}`]: () => jsonResponse(200, PART, { etag: '"1"' }),
      [`GET /api/componenti/storico/${ID}`]: () => jsonResponse(200, [], { 'x-total-count': '0' }),
      [UPDATE]: ({ body }) =>
        jsonResponse(200, makePart({ ...PART, ...(body as Partial<Part>) }), { etag: '"2"' }),
    });

  it('shows the vehicle and the fitment rows, and sends only what changed', async () => {
    const calls = serveEdit();
    renderApp(`/modificacomponente/${ID}`, { storedUser: TEST_USER });
    const donor = await screen.findByRole('group', { name: 'Veicolo di provenienza' });
    expect(donor).toHaveTextContent('AB123CD · Fiat Punto 2004');
    const row = screen.getByRole('group', { name: 'Veicolo compatibile 1' });
    expect(field('Marca', row)).toHaveValue('Lancia');
    expect(field('Anno da', row)).toHaveValue('2003');

    fireEvent.change(field('Anno a', row), { target: { value: '2011' } });
    await userEvent.click(within(donor).getByRole('button', { name: 'Scollega il veicolo AB123CD' }));
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(callsTo(calls, UPDATE)).toHaveLength(1));
    expect(callsTo(calls, UPDATE)[0]?.body).toEqual({
      veicoloId: null,
      compatibilita: [{ marca: 'Lancia', modello: 'Ypsilon', versione: null, annoDa: '2003', annoA: '2011' }],
    });
  });

  it('sends nothing about the vehicle or the fitment when they are left as they were', async () => {
    const calls = serveEdit();
    renderApp(`/modificacomponente/${ID}`, { storedUser: TEST_USER });
    await screen.findByRole('group', { name: 'Veicolo di provenienza' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'Faro sinistro' } });
    await userEvent.click(screen.getByRole('button', { name: 'Conferma e salva' }));
    await waitFor(() => expect(callsTo(calls, UPDATE)).toHaveLength(1));
    expect(callsTo(calls, UPDATE)[0]?.body).toEqual({ nome: 'Faro sinistro' });
  });
});

describe("a part's page", () => {
  it('shows the donor vehicle with a link to its page, and the fitment list', async () => {
    const part = makePart({
      _id: 'p-2',
      veicolo: SUMMARY,
      compatibilita: [
        { marca: 'Fiat', modello: 'Punto', versione: '1.2 8V', annoDa: '2003', annoA: '2010' },
        { marca: 'Lancia', modello: null, versione: null, annoDa: null, annoA: '2008' },
      ],
    });
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/p-2': () => jsonResponse(200, part, { etag: '"1"' }),
      'GET /api/componenti/storico/p-2': () => jsonResponse(200, [], { 'x-total-count': '0' }),
    });
    renderApp('/componente/p-2', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: part.nome });
    const vehicle = screen.getByRole('region', { name: 'Veicolo' });
    expect(within(vehicle).getByRole('link', { name: 'AB123CD · Fiat Punto 2004' })).toHaveAttribute(
      'href',
      '/veicoli/v-1',
    );
    const fitment = screen.getByRole('region', { name: 'Compatibile anche con' });
    expect(
      within(fitment)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fiat Punto 1.2 8V, 2003–2010', 'Lancia, fino al 2008']);
  });

  it('shows no fitment block for a part without one', async () => {
    const part = makePart({ _id: 'p-3' });
    mockApi({
      ...ME_SIGNED_IN,
      'GET /api/componenti/p-3': () => jsonResponse(200, part, { etag: '"1"' }),
      'GET /api/componenti/storico/p-3': () => jsonResponse(200, [], { 'x-total-count': '0' }),
    });
    renderApp('/componente/p-3', { storedUser: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: part.nome });
    expect(screen.queryByRole('region', { name: 'Compatibile anche con' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Veicolo di provenienza/)).not.toBeInTheDocument();
  });
});
