/**
 * Italian texts of the parts screens, worded as the product gives them (docs/product.md, "Screens"):
 * sentence case, «» around the names of buttons, '…' for something under way.
 */
export const parts = {
  retry: 'Riprova',
  close: 'Chiudi',
  networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',

  hints: {
    peso: 'Con la virgola per i decimali, per esempio 1,8',
    prezzo: 'Il prezzo richiesto, in euro: per esempio 45,50',
  },

  /** The part forms (add and edit): their groups and the choosers of categoria and condizione. */
  form: {
    requiredNote: 'I campi con * sono obbligatori.',
    groups: {
      componente: 'Componente',
      veicolo: 'Veicolo',
      ubicazione: 'Ubicazione',
      foto: 'Foto',
    },
    /** Beside a value in the list: how many parts have it, for screen readers. */
    count: (n: number) => (n === 1 ? '1 componente' : `${n} componenti`),
    categoria: {
      list: 'Categorie esistenti',
      newOption: (text: string) => `Nuova categoria «${text}»`,
      newNote: (text: string) => `«${text}» sarà una nuova categoria.`,
    },
    condizione: {
      list: 'Condizioni esistenti',
      newOption: (text: string) => `Nuova condizione «${text}»`,
      newNote: (text: string) => `«${text}» sarà una nuova condizione.`,
    },
  },

  /** The donor vehicle a part is linked to, in the add and edit forms and on the part's page. */
  donor: {
    label: 'Veicolo di provenienza',
    line: (targa: string, vehicle: string) => `${targa} · ${vehicle}`,
    open: (targa: string) => `Apri il veicolo ${targa}`,
    unlink: 'Scollega',
    unlinkLabel: (targa: string) => `Scollega il veicolo ${targa}`,
    loading: 'Caricamento del veicolo…',
    notFound: 'Il veicolo indicato non è stato trovato: compila i dati del veicolo a mano.',
    filled: 'Marca, modello, versione e anno vengono dal veicolo: puoi cambiarli.',
  },

  /** 'Compatibile anche con': the other vehicles a part fits. */
  fitment: {
    title: 'Compatibile anche con',
    hint: 'Gli altri veicoli su cui si monta: solo la marca è obbligatoria, gli anni sono inclusi.',
    empty: 'Nessun altro veicolo indicato.',
    add: 'Aggiungi veicolo compatibile',
    full: (max: number) => `Al massimo ${max} veicoli compatibili.`,
    row: (n: number) => `Veicolo compatibile ${n}`,
    remove: (n: number) => `Rimuovi il veicolo compatibile ${n}`,
    fields: {
      marca: 'Marca',
      modello: 'Modello',
      versione: 'Versione',
      annoDa: 'Anno da',
      annoA: 'Anno a',
    },
    /** A fitment entry as the part's page reads it: 'Fiat Punto 1.2 8V, 2003–2010'. */
    years: (from: string | null, to: string | null) =>
      from && to ? (from === to ? from : `${from}–${to}`) : from ? `dal ${from}` : to ? `fino al ${to}` : '',
  },

  table: {
    caption: 'Componenti',
    columns: {
      immagine: 'Immagine',
      codice: 'Codice',
      nome: 'Nome',
      stato: 'Stato',
      categoria: 'Cat',
      condizione: 'Condizione',
      marca: 'Marca',
      modello: 'Modello',
      anno: 'Anno',
      ubicazione: 'Ubicazione',
      peso: 'Peso',
      prezzo: 'Prezzo',
      inseritoIl: 'Inserito il',
      gestisci: 'Gestisci',
    },
    noPhoto: 'Nessuna foto',
    enlargePhoto: (nome: string) => `Ingrandisci la foto di ${nome}`,
    photoOf: (nome: string) => `Foto di ${nome}`,
    /** The viewer's text for one of several photos. */
    photoNth: (nome: string, n: number, total: number) => `Foto ${n} di ${total} di ${nome}`,
    searchCode: (codice: string) => `Cerca il codice ${codice} sul web (si apre in una nuova scheda)`,
    view: 'Visualizza',
    edit: 'Modifica',
    remove: 'Cancella',
    pesoUnit: 'Kg',
    /** The location in words, for screen readers (the screen shows 'G · 2 · 3 · 12'). */
    location: (scaffale: string, campata: string, ripiano: string, cassetta: string) =>
      `Scaffale ${scaffale}, campata ${campata}, ripiano ${ripiano}, cassetta ${cassetta}`,
    /** Under 'Modello' in its header: the cell shows the version below the model. */
    versionSubheading: 'versione',
    /** On a phone, where there are no headers to click: the orders offered. */
    sortLabel: 'Ordina per',
    sortBest: 'Più pertinenti',
    sortOptions: {
      '-createdAt': 'Inseriti di recente',
      createdAt: 'Inseriti da più tempo',
      nome: 'Nome (A–Z)',
      '-nome': 'Nome (Z–A)',
      marca: 'Marca (A–Z)',
      '-annoImmatricolazione': 'Anno (dal più recente)',
      annoImmatricolazione: 'Anno (dal meno recente)',
      peso: 'Peso (dal più leggero)',
      '-peso': 'Peso (dal più pesante)',
      prezzo: 'Prezzo (dal più basso)',
      '-prezzo': 'Prezzo (dal più alto)',
      stato: 'Stato',
      ubicazione: 'Ubicazione',
    },
    /** Before the code on a phone card ('Cod. 51787654'). */
    codePrefix: 'Cod.',
    /** Before the part's own code, for screen readers ('Codice ricambio R-004213'). */
    partCodeLabel: 'Codice ricambio',
  },

  lightbox: {
    Close: 'Chiudi',
    Previous: 'Precedente',
    Next: 'Successiva',
    Carousel: 'Carosello',
    'Photo gallery': 'Galleria fotografica',
    Slide: 'Immagine',
    Lightbox: 'Visualizzatore immagini',
    '{index} of {total}': '{index} di {total}',
  },

  pagination: {
    label: 'Paginazione',
    first: 'Prima pagina',
    previous: 'Pagina precedente',
    next: 'Pagina successiva',
    last: 'Ultima pagina',
    page: (n: string) => `Pagina ${n}`,
    total: (count: string) => `Componenti trovati: ${count}`,
    /** The server stopped counting (a search matching very many parts). */
    moreThan: (count: string) => `Più di ${count} componenti`,
    pageOf: (page: string, pages: string) => `Pagina ${page} di ${pages}`,
  },

  list: {
    title: 'Elenco Componenti',
    filtersLabel: 'Filtri',
    /** The button that unfolds the filters on a phone, with how many are in use. */
    filtersToggle: (active: number) => (active > 0 ? `Filtri (${active})` : 'Filtri'),
    searchLabel: 'Cerca ovunque',
    searchPlaceholder: 'Nome, codice, marca, modello, ubicazione…',
    searchHint: 'Cerca in tutti i campi dei componenti, da 3 caratteri (Invio per cercare subito).',
    nomePlaceholder: 'Inserisci il nome',
    marcaPlaceholder: 'Inserisci la marca',
    modelloPlaceholder: 'Inserisci il modello',
    reset: 'Azzera filtri',
    pageSize: 'Componenti per pagina',
    exportCsv: 'Esporta Lista CSV',
    exportXlsx: 'Esporta Lista Excel',
    add: 'Aggiungi Componente',
    empty: 'Nessun componente trovato',
    emptyFiltered: 'Nessun componente corrisponde alla ricerca o ai filtri.',
    /** The list of an empty warehouse, and its next step. */
    emptyStore: 'Il magazzino è ancora vuoto',
    emptyStoreText: 'Registra il primo ricambio con la sua foto, il veicolo da cui proviene e dove lo metti.',
    emptyStoreReadOnly: 'Quando i colleghi registreranno dei componenti, li troverai qui.',
    addFirst: 'Aggiungi il primo componente',
    errorTitle: 'Impossibile caricare i componenti',
  },

  part: {
    title: 'Componente',
    loadError: 'Impossibile caricare il componente',
    edit: 'Modifica',
    remove: 'Cancella',
    photo: 'Foto',
    noPhoto: 'Questo componente non ha ancora una foto.',
    enlarge: (nome: string) => `Ingrandisci la foto di ${nome}`,
    /** One of several photos: 'Ingrandisci la foto 2 di 3 di Faro'. */
    enlargeNth: (n: number, total: number, nome: string) => `Ingrandisci la foto ${n} di ${total} di ${nome}`,
    groups: {
      componente: 'Componente',
      veicolo: 'Veicolo',
      ubicazione: 'Ubicazione',
      registrazione: 'Registrazione',
    },
    where: 'Dove si trova',
    searchCode: 'Cerca il codice sul web',
    added: (when: string) => `Inserito il ${when}`,
    changed: (when: string) => `Modificato il ${when}`,
    /** An optional value left empty, and how screen readers hear it. */
    empty: '—',
    emptyLabel: 'non indicato',
  },

  /** Where 'back' leads, named after the screen the clerk came from. */
  back: {
    list: "Torna all'elenco",
    category: (categoria: string) => `Torna alla categoria ${categoria}`,
    warehouse: 'Torna alla consultazione del magazzino',
    part: 'Torna al componente',
  },

  /** The short confirmation shown where the clerk returns to after a change. */
  notice: {
    saved: 'Modifiche salvate',
    deleted: 'Componente cancellato',
  },

  upload: {
    failed: 'Caricamento dell’immagine non riuscito',
  },

  /** The photos field of the add and edit forms (its other texts are in i18n/photos.ts). */
  photos: {
    label: 'Foto del componente',
  },

  add: {
    title: 'Aggiungi nuovo componente',
    submit: 'Aggiungi Componente',
    submitting: 'Salvataggio in corso…',
    back: 'Torna alla Dashboard',
    modalTitle: 'Componente aggiunto',
    modalBody: 'Componente inserito correttamente!',
    /** What 'Chiudi' keeps for the next part of the batch, and what 'Nuovo veicolo' does. */
    keptNote: (vehicle: string, place: string) =>
      `«Chiudi» tiene il veicolo (${vehicle}) e l'ubicazione ${place} per il prossimo componente; «Nuovo veicolo» svuota tutto.`,
    newVehicle: 'Nuovo veicolo',
    failed: 'Il componente non è stato aggiunto',
    photos: {
      waiting: 'Il componente sarà salvato appena le foto avranno finito di caricarsi…',
      blocked:
        'Una foto non è stata caricata, quindi il componente non è stato salvato: riprova a caricarla oppure rimuovila.',
    },
  },

  edit: {
    title: 'Visualizza/ Modifica componente',
    /** Under the title: the part's own code, printed on its label. */
    partCode: 'Codice ricambio',
    currentImage: (nome: string) => `Immagine attuale di ${nome}`,
    noImage: 'Questo componente non ha ancora una foto.',
    photosReady: 'Le foto saranno salvate con «Conferma e salva».',
    formTitle: 'Dati del componente',
    hint: 'I campi con * sono obbligatori; svuota un campo facoltativo per cancellarne il valore.',
    submit: 'Conferma e salva',
    submitting: 'Salvataggio in corso…',
    back: 'Torna Indietro',
    nothingChanged: 'Nessuna modifica da salvare.',
    failed: 'Le modifiche non sono state salvate',
    photos: {
      waiting: 'Le modifiche saranno salvate appena le foto avranno finito di caricarsi…',
      blocked:
        'Una foto non è stata caricata, quindi le modifiche non sono state salvate: riprova a caricarla oppure rimuovila.',
    },
    conflict:
      'Qualcun altro ha modificato questo componente dopo che lo hai aperto: le tue modifiche non sono state salvate.',
    loadLatest: 'Carica la versione più recente',
    loadError: 'Impossibile caricare il componente',
  },

  remove: {
    title: 'Richiesta cancellazione componente',
    lead: 'Stai per cancellare il componente',
    code: 'Codice',
    confirm: 'Sì, cancella',
    deleting: 'Cancellazione in corso…',
    /** 'No, torna all'elenco': the way back, named after where it leads ('Torna all'elenco'). */
    cancel: (back: string) => `No, ${back.charAt(0).toLowerCase()}${back.slice(1)}`,
    failed: 'Il componente non è stato cancellato',
    loadError: 'Impossibile caricare il componente',
  },

  /** Instead of the add, edit and delete forms, for a role that cannot change parts. */
  readOnly: {
    title: 'Il tuo ruolo non permette di cambiare i componenti',
    text: (role: string) =>
      `Con il ruolo ${role} puoi consultare il magazzino, ma non aggiungere, modificare o cancellare componenti: se ti serve, chiedi a un amministratore.`,
    back: "Vai all'elenco dei componenti",
  },

  categories: {
    title: 'Consulta Categorie',
    subtitle: 'Consulta i componenti divisi per categorie',
    count: (n: number, formatted: string) => (n === 1 ? '1 componente' : `${formatted} componenti`),
    empty: 'Nessuna categoria: il magazzino è vuoto.',
    emptyText: 'Le categorie compaiono qui man mano che si registrano i componenti.',
    errorTitle: 'Impossibile caricare le categorie',
  },

  category: {
    title: (name: string) => `Categoria ${name}`,
    print: 'Stampa',
    back: 'Torna alle categorie',
    empty: 'Nessun componente in questa categoria',
    emptyText: "I suoi componenti sono stati cancellati o spostati in un'altra categoria.",
    errorTitle: 'Impossibile caricare i componenti della categoria',
  },

  warehouse: {
    title: 'Consulta Magazzino',
    heading: 'Inserisci lo scaffale (e, se vuoi, campata, ripiano e cassetta) e poi clicca Consulta',
    submit: 'Consulta',
    back: 'Torna alla dashboard senza consultare',
    empty: 'Nessun componente trovato in questa ubicazione',
    emptyText: 'Controlla i dati inseriti, oppure allarga la ricerca.',
    /** The next step of an empty lookup narrower than a scaffale: the whole scaffale. */
    wholeShelf: (scaffale: string) => `Cerca in tutto lo scaffale ${scaffale}`,
    results: (where: string) => `Componenti in ${where}`,
    errorTitle: 'Impossibile consultare il magazzino',
  },
} as const;
