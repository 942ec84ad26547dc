/**
 * Italian texts of what happened to the parts: a part's 'Storico', the 'Attività' page, and the
 * words their sentences are built from ('Mario ha cambiato il peso da 1,2 Kg a 1,5 Kg').
 */
export const history = {
  /** Who did it when no account did: a reservation that ran out. */
  system: 'Il sistema',
  /** A value that was (or became) empty. */
  empty: 'vuoto',
  /** A field the app has no name for. */
  unknownField: (campo: string) => `il campo «${campo}»`,
  /** The names of the fields a status change records, as a sentence says them. */
  fields: {
    urlImmagine: 'la foto',
    immagini: 'il numero di foto',
    stato: 'lo stato',
    cliente: 'il cliente',
    telefono: 'il telefono',
    fino: 'la scadenza della prenotazione',
    prezzoVendita: 'il prezzo di vendita',
    dataVendita: 'la data di vendita',
  },
  sentence: {
    created: (who: string) => `${who} ha registrato il componente`,
    changed: (who: string, what: string) => `${who} ha cambiato ${what}`,
    changedSomething: (who: string) => `${who} ha modificato il componente`,
    /** One field of a change: 'il peso da 1,2 Kg a 1,5 Kg'. */
    change: (field: string, before: string, after: string) => `${field} da ${before} a ${after}`,
    photoChanged: 'la foto',
    photoAdded: (who: string) => `${who} ha aggiunto la foto`,
    photoRemoved: (who: string) => `${who} ha tolto la foto`,
    status: (who: string, before: string, after: string) =>
      `${who} ha cambiato lo stato da ${before} a ${after}`,
    reservedAgain: (who: string) => `${who} ha cambiato la prenotazione`,
    /** After a reservation: '(per Rossi, tel. 333 1234567, fino al 30/11/2026)'. */
    reservation: (cliente: string, telefono: string | null, fino: string) =>
      `(per ${cliente}${telefono ? `, tel. ${telefono}` : ''}, fino al ${fino})`,
    sold: (who: string, price: string) => `${who} ha venduto il componente a ${price}`,
    soldOn: (day: string) => `il ${day}`,
    expired: (who: string) => `${who} ha rimesso disponibile il componente (prenotazione scaduta)`,
    deleted: (who: string) => `${who} ha eliminato il componente`,
    restored: (who: string) => `${who} ha ripristinato il componente dal cestino`,
    /** Joins the last two changes of a sentence. */
    and: ' e ',
  },

  storico: {
    title: 'Storico',
    loading: 'Caricamento dello storico…',
    empty: 'Nessuna modifica registrata.',
    loadError: 'Impossibile caricare lo storico',
    more: 'Mostra altri',
    loadingMore: 'Caricamento…',
    shown: (shown: string, total: string) => `${shown} di ${total}`,
  },

  activity: {
    title: 'Attività',
    lead: 'Che cosa è cambiato in magazzino, dal più recente.',
    filtersLabel: 'Filtri delle attività',
    user: 'Utente',
    allUsers: 'Tutti',
    day: 'Giorno',
    clearDay: 'Tutti i giorni',
    caption: 'Attività',
    empty: 'Nessuna attività',
    emptyFiltered: 'Nessuna attività per questo utente o in questo giorno.',
    emptyText: 'Quando i colleghi registrano o cambiano i componenti, lo vedrai qui.',
    loadError: 'Impossibile caricare le attività',
    usersError: 'Impossibile caricare gli utenti per il filtro',
    count: (n: number, formatted: string) => (n === 1 ? '1 attività' : `${formatted} attività`),
    /** Before the part's name, for screen readers. */
    part: 'Componente:',
  },
} as const;
