/**
 * Italian texts of scanning (docs/product.md, "Scanning"): the 'Scansiona' button, the camera
 * dialog and its errors, the typed code, a part opened by its code, and 'Sposta' on a part's page.
 */
export const scan = {
  /** The button in the navbar, on the lookup screen and on a code not found. */
  button: 'Scansiona',

  dialog: {
    title: 'Scansiona codice',
    lead: "Inquadra il QR dell'etichetta di un componente o di una cassetta.",
    starting: 'Avvio della fotocamera…',
    aim: 'Inquadra il QR: si apre da solo appena letto.',
    /** What the camera shows, for a screen reader (the picture itself says nothing to it). */
    video: 'Inquadratura della fotocamera',
    typedLabel: 'Oppure scrivi il codice',
    typedPlaceholder: 'R-004213 o B-04-3-12',
    typedHint: 'Il codice di un componente (R-004213) o di una cassetta (B-04-3-12).',
    open: 'Apri',
    retry: 'Riprova',
    unknown: (text: string) =>
      `Il codice «${text}» non è un'etichetta del magazzino: scrivi un codice come R-004213 o B-04-3-12.`,
    unknownScanned: "Questo QR non è un'etichetta del magazzino.",
  },

  /** Why the camera cannot be used; the typed code always stays. */
  camera: {
    denied:
      'Il browser non ha il permesso di usare la fotocamera: consentilo nelle impostazioni del sito e premi «Riprova», oppure scrivi il codice.',
    missing: 'Nessuna fotocamera trovata su questo dispositivo: scrivi il codice.',
    busy: "La fotocamera è già in uso da un'altra app o non risponde: chiudi l'altra app e premi «Riprova».",
    insecure: 'La fotocamera si può usare solo da una pagina sicura (https): scrivi il codice.',
    reader:
      'Il lettore di QR non si è caricato: controlla la connessione e premi «Riprova», oppure scrivi il codice.',
    failed: 'La fotocamera non si è avviata: premi «Riprova», oppure scrivi il codice.',
  },

  /** /r/:codice, the address on a part's label. */
  byCode: {
    title: 'Componente per codice',
    invalid: (codice: string) => `«${codice}» non è il codice di un componente`,
    invalidText: 'Un codice di componente è fatto così: R-004213.',
    notFound: (code: string) => `Nessun componente con il codice ${code}`,
    notFoundText: 'Forse è stato cancellato, oppure l’etichetta è di un altro magazzino.',
    loadError: 'Impossibile aprire il componente',
    list: "Vai all'elenco",
  },

  /** 'Sposta' on a part's page: a bin scanned or typed, then confirmed. */
  move: {
    button: 'Sposta',
    title: (nome: string) => `Sposta ${nome}`,
    lead: (from: string) => `Ora in ${from}. Inquadra il QR della cassetta dove lo metti.`,
    typedPlaceholder: 'B-04-3-12',
    typedHint: 'Scaffale, campata, ripiano e cassetta: B-04-3-12.',
    next: 'Continua',
    notABin: "Questa è l'etichetta di un componente: inquadra quella di una cassetta.",
    notWhole: (code: string) =>
      `L'etichetta ${code} indica solo una parte dello scaffale: serve quella di una cassetta.`,
    typedNotABin: (text: string) =>
      `«${text}» non è una cassetta: scrivi scaffale, campata, ripiano e cassetta, come B-04-3-12.`,
    same: (code: string) => `Il componente è già in ${code}.`,
    confirm: (code: string) => `Spostare in ${code}?`,
    confirmText: (nome: string, from: string, to: string) => `${nome} passa da ${from} a ${to}.`,
    submit: 'Sposta qui',
    sending: 'Spostamento…',
    again: 'Scansiona di nuovo',
    done: (code: string) => `Componente spostato in ${code}`,
    failed: 'Spostamento non riuscito',
  },
} as const;
