import { STATUS_LABELS } from '@magazzino/contract';

/**
 * Italian texts of a part's life (docs/product.md, "A part's life"): its status, the filter by
 * status and price, the quick actions with their dialogs, and the confirmations.
 */
export const lifecycle = {
  /** The statuses' names (the contract's). */
  statuses: STATUS_LABELS,
  /** Under a reserved part's badge: the last day of the reservation. */
  reservedUntil: (day: string) => `fino al ${day}`,

  filter: {
    label: 'Stato',
    inStock: 'In magazzino',
    all: 'Tutti',
    prezzoMin: 'Prezzo da (€)',
    prezzoMax: 'Prezzo fino a (€)',
    prezzoPlaceholder: 'es. 45,50',
    prezzoInvalid: 'Scrivi un importo in euro, per esempio 45,50',
    /** The categories page with a status chosen and no part in it. */
    noneWithStatus: 'Nessun componente con questo stato.',
  },

  /** The status block of a part's page and of its edit screen. */
  panel: {
    title: 'Stato',
    reservedFor: 'Riservato per',
    phone: 'Telefono',
    until: 'Fino al',
    soldFor: 'Venduto a',
    soldOn: 'Venduto il',
    noPrice: 'Prezzo richiesto non indicato',
    askingPrice: (price: string) => `Prezzo richiesto: ${price}`,
  },

  /** The quick actions, named after what they do. */
  actions: {
    menu: 'Cambia',
    /** Read after 'Cambia' by screen readers: whose status it changes. */
    menuOf: (nome: string) => ` lo stato di ${nome}`,
    groupLabel: (nome: string) => `Cambia lo stato di ${nome}`,
    riservato: 'Riserva',
    reserveAgain: 'Cambia prenotazione',
    venduto: 'Vendi',
    disponibile: 'Rendi disponibile',
    reso: 'Registra reso',
    scartato: 'Scarta',
  },

  reserve: {
    title: (nome: string) => `Riserva ${nome}`,
    cliente: 'Cliente',
    telefono: 'Telefono',
    fino: 'Riservato fino al',
    finoHint: 'Il giorno dopo il componente torna disponibile da solo.',
    submit: 'Riserva',
  },

  sell: {
    title: (nome: string) => `Vendi ${nome}`,
    prezzo: 'Prezzo di vendita (€)',
    prezzoHint: 'Con la virgola per i decimali, per esempio 40,50',
    data: 'Data di vendita',
    submit: 'Registra la vendita',
  },

  scrap: {
    title: (nome: string) => `Scartare ${nome}?`,
    text: 'Il componente non comparirà più tra quelli in magazzino. Se è un errore, potrai renderlo di nuovo disponibile.',
    confirm: 'Sì, scarta',
  },

  cancel: 'Annulla',
  sending: 'Salvataggio in corso…',
  failed: 'Lo stato non è stato cambiato',

  /** The short confirmation of a change, naming the part. */
  done: {
    riservato: (nome: string, cliente: string, day: string) =>
      `${nome}: riservato per ${cliente} fino al ${day}.`,
    venduto: (nome: string, price: string) => `${nome}: venduto a ${price}.`,
    disponibile: (nome: string) => `${nome}: di nuovo disponibile.`,
    reso: (nome: string) => `${nome}: reso registrato, il componente è di nuovo in magazzino.`,
    scartato: (nome: string) => `${nome}: scartato.`,
  },
} as const;
