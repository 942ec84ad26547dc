import { describe, expect, it } from 'vitest';
import type { FieldChange, PartEvent } from '@magazzino/contract';
import { describeEvent, fieldName, formatValue } from './history-sentences';

const MARIO = { _id: 'u-1', username: 'Mario' };

/** An event of Mario's on part p-1, with overrides. */
function event(tipo: PartEvent['tipo'], modifiche: FieldChange[] = [], overrides: Partial<PartEvent> = {}) {
  return {
    _id: 'e-1',
    componente: { _id: 'p-1', nome: 'Faro anteriore sinistro' },
    tipo,
    utente: MARIO,
    modifiche,
    at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } satisfies PartEvent;
}
const change = (campo: string, prima: FieldChange['prima'], dopo: FieldChange['dopo']) => ({
  campo,
  prima,
  dopo,
});

describe('describeEvent', () => {
  it('says who registered, deleted and restored the part', () => {
    expect(describeEvent(event('creato', [], { utente: { _id: 'u-2', username: 'Anna' } }))).toBe(
      'Anna ha registrato il componente',
    );
    expect(describeEvent(event('eliminato', [], { utente: { _id: 'u-3', username: 'Luca' } }))).toBe(
      'Luca ha eliminato il componente',
    );
    expect(describeEvent(event('ripristinato', [], { utente: { _id: 'u-3', username: 'Luca' } }))).toBe(
      'Luca ha ripristinato il componente dal cestino',
    );
  });

  it('names each changed field with its article, and its values the Italian way', () => {
    expect(describeEvent(event('modificato', [change('peso', 1.2, 1.5)]))).toBe(
      'Mario ha cambiato il peso da 1,2 Kg a 1,5 Kg',
    );
    expect(describeEvent(event('modificato', [change('prezzo', 40, 45.5)]))).toBe(
      'Mario ha cambiato il prezzo da € 40,00 a € 45,50',
    );
    expect(
      describeEvent(
        event('modificato', [
          change('categoria', 'Fari', 'Illuminazione'),
          change('codice', null, '51787654'),
          change('annoImmatricolazione', '2004', '2005'),
        ]),
      ),
    ).toBe(
      "Mario ha cambiato la categoria da «Fari» a «Illuminazione», il codice da vuoto a «51787654» e l'anno di immatricolazione da 2004 a 2005",
    );
    expect(describeEvent(event('modificato', [change('prezzo', 45, null)]))).toBe(
      'Mario ha cambiato il prezzo da € 45,00 a vuoto',
    );
    expect(describeEvent(event('modificato'))).toBe('Mario ha modificato il componente');
  });

  it('says the photo changed without its address, or that it was added or removed', () => {
    const photo = (prima: string | null, dopo: string | null) => change('urlImmagine', prima, dopo);
    expect(describeEvent(event('modificato', [photo('/media/a.webp', '/media/b.webp')]))).toBe(
      'Mario ha cambiato la foto',
    );
    expect(describeEvent(event('modificato', [photo(null, '/media/b.webp')]))).toBe(
      'Mario ha aggiunto la foto',
    );
    expect(describeEvent(event('modificato', [photo('/media/a.webp', null)]))).toBe('Mario ha tolto la foto');
    expect(describeEvent(event('modificato', [change('peso', null, 2), photo('/media/a.webp', null)]))).toBe(
      'Mario ha cambiato il peso da vuoto a 2 Kg e la foto',
    );
  });

  it('tells a reservation with its customer and last day, a renewal, and a move back', () => {
    const reserve = event('stato', [
      change('stato', 'disponibile', 'riservato'),
      change('cliente', null, 'Rossi'),
      change('telefono', null, null),
      change('fino', null, '2026-11-30'),
    ]);
    expect(describeEvent({ ...reserve, utente: { _id: 'u-2', username: 'Anna' } })).toBe(
      'Anna ha cambiato lo stato da Disponibile a Riservato (per Rossi, fino al 30/11/2026)',
    );
    const renew = event('stato', [
      change('stato', 'riservato', 'riservato'),
      change('cliente', 'Rossi', 'Bianchi'),
      change('telefono', null, '333 1234567'),
      change('fino', '2026-11-30', '2026-12-05'),
    ]);
    expect(describeEvent(renew)).toBe(
      'Mario ha cambiato la prenotazione (per Bianchi, tel. 333 1234567, fino al 05/12/2026)',
    );
    expect(describeEvent(event('stato', [change('stato', 'venduto', 'reso')]))).toBe(
      'Mario ha cambiato lo stato da Venduto a Reso',
    );
  });

  it('tells a sale with its price, and its day when it was not the day recorded', () => {
    const sale = (day: string) =>
      event('stato', [
        change('stato', 'disponibile', 'venduto'),
        change('prezzoVendita', null, 40),
        change('dataVendita', null, day),
      ]);
    expect(describeEvent({ ...sale('2026-11-20'), utente: { _id: 'u-2', username: 'Anna' } })).toBe(
      'Anna ha venduto il componente a € 40,00',
    );
    expect(describeEvent(sale('2026-11-18'))).toBe('Mario ha venduto il componente a € 40,00 il 18/11/2026');
  });

  it('names the system when no account did it: a reservation that ran out', () => {
    const expired = event(
      'stato',
      [
        change('stato', 'riservato', 'disponibile'),
        change('cliente', 'Rossi', null),
        change('fino', '2026-11-19', null),
      ],
      { utente: null },
    );
    expect(describeEvent(expired)).toBe(
      'Il sistema ha rimesso disponibile il componente (prenotazione scaduta)',
    );
    expect(describeEvent({ ...expired, tipo: 'eliminato' })).toBe('Il sistema ha eliminato il componente');
  });
});

describe('fieldName and formatValue', () => {
  it('know the fields of a part and of a status change, and quote or cut free text', () => {
    expect(fieldName('condizione')).toBe('la condizione');
    expect(fieldName('dataVendita')).toBe('la data di vendita');
    expect(fieldName('colore')).toBe('il campo «colore»');
    expect(formatValue('stato', 'scartato')).toBe('Scartato');
    expect(formatValue('descrizione', '')).toBe('vuoto');
    expect(formatValue('descrizione', 'x'.repeat(200))).toBe(`«${'x'.repeat(79)}…»`);
  });
});
