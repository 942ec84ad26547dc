import { formatInteger } from '../lib/format';

/** 'etichetta' or 'etichette' with the number, Italian style ('1.250 etichette'). */
const labelCount = (n: number) => (n === 1 ? '1 etichetta' : `${formatInteger(n)} etichette`);

/**
 * Italian texts of the labels (docs/product.md, "Labels"): the print page, and the buttons that
 * open it from a part, the list's selection and the lookup.
 */
export const labels = {
  page: {
    title: 'Etichette',
    back: 'Indietro',
    print: 'Stampa',
    formatLegend: 'Formato',
    formats: {
      a4: 'Foglio A4 (3 × 8)',
      rotolo: 'Rotolo 62 mm',
    },
    kindLegend: 'Etichette di',
    kinds: {
      componenti: 'Componenti',
      ubicazioni: 'Cassette',
    },
    /** The lead under the title: how many labels, on what. */
    summary: (n: number, format: 'a4' | 'rotolo', sheets: number) =>
      format === 'a4'
        ? `${labelCount(n)} su ${sheets === 1 ? '1 foglio A4' : `${formatInteger(sheets)} fogli A4`} da 24 (70 × 37 mm)`
        : `${labelCount(n)} da 62 × 29 mm, una per etichetta del rotolo`,
    /** The caption of one A4 sheet on screen. */
    sheet: (n: number, of: number) => `Foglio ${formatInteger(n)} di ${formatInteger(of)}`,
    listLabel: 'Etichette da stampare',
    loadError: 'Impossibile preparare le etichette',
    missing: (n: number) =>
      n === 1
        ? '1 componente scelto non esiste più (cancellato nel frattempo): non ha etichetta.'
        : `${formatInteger(n)} componenti scelti non esistono più (cancellati nel frattempo): non hanno etichetta.`,
    truncated: (n: number) => `Sono troppe per una volta: qui ci sono le prime ${formatInteger(n)}.`,
    empty: 'Nessuna etichetta da stampare',
    emptyParts: 'In questa ubicazione non ci sono componenti.',
    emptyBins: 'In questa ubicazione non ci sono cassette con componenti.',
    nothingChosen: 'Scegli i componenti nell’elenco, oppure uno scaffale in «Consulta Magazzino».',
    toList: 'Vai all’elenco',
    toLookup: 'Consulta Magazzino',
    printHint: 'Nella finestra di stampa scegli la stampante e il formato carta adatto; margini: nessuno.',
  },

  /** What a label says besides its values. */
  label: {
    partQr: (code: string) => `QR del componente ${code}`,
    binQr: (code: string) => `QR della cassetta ${code}`,
    place: 'Ubicazione',
    /** The segment names as a bin label spells them under its code. */
    segments: ['Scaffale', 'Campata', 'Ripiano', 'Cassetta'],
    part: (code: string, nome: string) => `Etichetta di ${code}, ${nome}`,
    bin: (code: string) => `Etichetta della cassetta ${code}`,
  },

  /** The buttons that open the page. */
  open: {
    one: 'Stampa etichetta',
    selected: (n: number) => `Stampa etichette (${formatInteger(n)})`,
    location: 'Stampa etichette',
    newTab: 'si apre in una nuova scheda',
  },

  /** Row selection in the parts list. */
  select: {
    row: (nome: string) => `Seleziona ${nome}`,
    pageShort: 'Seleziona tutti',
    /** Read after 'Seleziona tutti' by a screen reader only. */
    pageRest: 'i componenti della pagina',
    selected: (n: number) => (n === 1 ? '1 selezionato' : `${formatInteger(n)} selezionati`),
    clear: 'Annulla selezione',
    tooMany: (max: number) =>
      `Al massimo ${formatInteger(max)} etichette alla volta: togli qualche componente.`,
    column: 'Selezione',
  },
};
