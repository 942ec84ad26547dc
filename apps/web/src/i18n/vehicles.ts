/**
 * Italian texts of the donor vehicles' screens (docs/product.md, "Veicoli"): the list, the add and
 * edit forms, a vehicle's page; sentence case, «» around the names of buttons, '…' for something
 * under way.
 */
export const vehicles = {
  /** The navbar's area. */
  nav: 'Veicoli',

  /** The labels of the vehicle's fields, in forms, filters and on its page. */
  fields: {
    targa: 'Targa',
    telaio: 'Telaio (VIN)',
    marca: 'Marca',
    modello: 'Modello',
    versione: 'Versione',
    annoImmatricolazione: 'Anno di immatricolazione',
    km: 'Chilometri',
    codiceMotore: 'Codice motore',
    alimentazione: 'Alimentazione',
    colore: 'Colore',
    dataIngresso: 'Data di ingresso',
    note: 'Note',
  },

  list: {
    title: 'Veicoli',
    lead: 'I veicoli da cui si smontano i ricambi.',
    add: 'Aggiungi veicolo',
    filtersLabel: 'Filtri dei veicoli',
    /** The button that unfolds the filters on a phone, with how many of them are in use. */
    filtersToggle: (active: number) => (active > 0 ? `Altri filtri (${active})` : 'Altri filtri'),
    reset: 'Azzera filtri',
    placeholders: {
      targa: 'Es. AB123CD',
      telaio: 'Parte del telaio',
      marca: 'Inserisci la marca',
      modello: 'Inserisci il modello',
    },
    caption: 'Veicoli',
    total: (count: string) => `Veicoli trovati: ${count}`,
    pageOf: (page: string, pages: string) => `Pagina ${page} di ${pages}`,
    columns: {
      foto: 'Foto',
      targa: 'Targa',
      veicolo: 'Veicolo',
      anno: 'Anno',
      telaio: 'Telaio',
      dataIngresso: 'Ingresso',
      componenti: 'Componenti',
    },
    parts: (n: number, formatted: string) => (n === 1 ? '1 componente' : `${formatted} componenti`),
    noPhoto: 'Nessuna foto',
    empty: 'Nessun veicolo trovato',
    emptyFiltered: 'Nessun veicolo corrisponde ai filtri.',
    emptyStore: 'Nessun veicolo registrato',
    emptyStoreText: 'Registra il veicolo da cui smonti i ricambi: i suoi dati riempiranno i componenti.',
    emptyStoreReadOnly: 'Quando i colleghi registreranno dei veicoli, li troverai qui.',
    addFirst: 'Aggiungi il primo veicolo',
    errorTitle: 'Impossibile caricare i veicoli',
  },

  /** The add and edit forms. */
  form: {
    requiredNote: 'I campi con * sono obbligatori.',
    groups: {
      veicolo: 'Veicolo',
      dettagli: 'Dettagli',
      foto: 'Foto',
    },
    hints: {
      targa: 'Senza spazi: «ab 123 cd» diventa AB123CD.',
      km: 'Per esempio 123.456',
      dataIngresso: 'Il giorno in cui il veicolo è entrato nel piazzale.',
    },
    fuelNone: '— non indicata —',
    /** What the VIN box says while it is typed. */
    vin: {
      typing: (n: number) => `${n} caratteri su 17`,
      tooLong: (n: number) => `${n} caratteri: il telaio ne ha 17`,
      forbidden: 'Il telaio non può contenere le lettere I, O e Q',
      checked: 'Cifra di controllo corretta.',
      unchecked:
        'Telaio di 17 caratteri (cifra di controllo non verificata: i telai europei spesso non la hanno).',
      invalid: 'Il telaio non è valido: la cifra di controllo non corrisponde',
    },
    failed: 'Il veicolo non è stato salvato',
  },

  /** The photos field (components/PhotosField: its other texts are in i18n/photos.ts) and the save. */
  photos: {
    label: 'Foto del veicolo',
    waiting: 'Il veicolo sarà salvato appena le foto avranno finito di caricarsi…',
    blocked:
      'Una foto non è stata caricata, quindi il veicolo non è stato salvato: riprova a caricarla oppure rimuovila.',
  },

  add: {
    title: 'Aggiungi veicolo',
    submit: 'Salva veicolo',
    submitting: 'Salvataggio in corso…',
    back: 'Torna ai veicoli',
  },

  edit: {
    title: 'Modifica veicolo',
    submit: 'Conferma e salva',
    submitting: 'Salvataggio in corso…',
    back: 'Torna al veicolo',
    hint: 'I campi con * sono obbligatori; svuota un campo facoltativo per cancellarne il valore.',
    nothingChanged: 'Nessuna modifica da salvare.',
    conflict:
      'Qualcun altro ha modificato questo veicolo dopo che lo hai aperto: le tue modifiche non sono state salvate.',
    loadLatest: 'Carica la versione più recente',
    loadError: 'Impossibile caricare il veicolo',
  },

  page: {
    title: 'Veicolo',
    back: 'Torna ai veicoli',
    loadError: 'Impossibile caricare il veicolo',
    edit: 'Modifica',
    remove: 'Elimina',
    addPart: 'Aggiungi componente da questo veicolo',
    photos: 'Foto',
    noPhotos: 'Questo veicolo non ha ancora foto.',
    enlarge: (n: number, total: number) => `Ingrandisci la foto ${n} di ${total}`,
    photoOf: (targa: string, n: number) => `Foto ${n} del veicolo ${targa}`,
    details: 'Dati del veicolo',
    registration: 'Registrazione',
    added: (when: string) => `Registrato il ${when}`,
    changed: (when: string) => `Modificato il ${when}`,
    kmValue: (km: string) => `${km} km`,
    parts: 'Componenti smontati',
    partsCount: (n: number, formatted: string) =>
      n === 1 ? '1 componente da questo veicolo' : `${formatted} componenti da questo veicolo`,
    partsCaption: (targa: string) => `Componenti del veicolo ${targa}`,
    partsEmpty: 'Nessun componente da questo veicolo',
    partsEmptyText: 'I ricambi smontati da questo veicolo compariranno qui.',
    partsError: 'Impossibile caricare i componenti del veicolo',
    partColumns: {
      nome: 'Nome',
      categoria: 'Categoria',
      codice: 'Codice',
      stato: 'Stato',
      ubicazione: 'Ubicazione',
    },
  },

  remove: {
    title: 'Eliminare il veicolo?',
    text: (targa: string) =>
      `Il veicolo ${targa} sarà eliminato con le sue foto. Non si può eliminare un veicolo finché ha componenti collegati.`,
    confirm: 'Sì, elimina',
    deleting: 'Eliminazione in corso…',
    failed: 'Il veicolo non è stato eliminato',
    done: 'Veicolo eliminato',
  },

  /** Instead of the add and edit forms, for a role that cannot change the warehouse. */
  readOnly: {
    title: 'Il tuo ruolo non permette di cambiare i veicoli',
    text: (role: string) =>
      `Con il ruolo ${role} puoi consultare i veicoli, ma non aggiungerli, modificarli o eliminarli: se ti serve, chiedi a un amministratore.`,
    back: "Vai all'elenco dei veicoli",
  },

  /** An optional value left empty, and how screen readers hear it. */
  empty: '—',
  emptyLabel: 'non indicato',
  networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',
  retry: 'Riprova',
} as const;
