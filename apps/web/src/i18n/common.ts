/** Italian texts shared by every screen: the layout (navbar, footer), loading, errors, 404. */
export const common = {
  appName: 'Magazzino Ricambi',
  skipToContent: 'Vai al contenuto principale',
  loading: 'Caricamento in corso…',
  /** A form's unsaved work put back (components/DraftNotice). */
  draft: {
    restored: (when: string) => `Abbiamo ripristinato i dati non salvati del ${when}.`,
    restoredStale: (when: string, subject: string) =>
      `Abbiamo ripristinato le tue modifiche non salvate del ${when}, ma nel frattempo ${subject} è stato cambiato: controlla i campi prima di salvare.`,
    discard: 'Scarta la bozza',
  },
  /** A failed call said on the page (components/ErrorMessage). */
  loadError: {
    networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    retry: 'Riprova',
  },
  nav: {
    label: 'Navigazione principale',
    toggle: 'Apri o chiudi il menu',
    home: 'Home',
    list: 'Elenco Componenti',
    add: 'Aggiungi Componente',
    warehouse: 'Consulta Magazzino',
    categories: 'Consulta Categorie',
    activity: 'Attività',
    bin: 'Cestino',
    signedInAs: (email: string) => `Connesso come ${email}`,
    login: 'Accedi',
    register: 'Registrati',
    signOut: 'Esci',
  },
  footer: {
    theme: 'Tema scuro',
    themeHint: 'Passa dal tema scuro al tema chiaro',
    scrollTop: 'Torna in cima alla pagina',
    copyright: (year: string) => `© ${year} Magazzino Ricambi`,
  },
  notFound: {
    title: 'Ops! Pagina non trovata.',
    text: 'La pagina richiesta non è al momento raggiungibile.',
    home: "Torna all'homepage",
  },
  routeError: {
    title: 'Qualcosa è andato storto.',
    text: 'Non è stato possibile aprire questa pagina. Ricarica per riprovare: se il problema persiste, contatta il supporto.',
    reload: 'Ricarica la pagina',
  },
  api: {
    network: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    httpError: (status: number) => `Il server ha risposto con un errore (${status}). Riprova più tardi.`,
  },
  requiredHint: 'I campi con * sono obbligatori.',
  /** The buttons of a confirmation dialog that are not its action. */
  cancel: 'Annulla',
  close: 'Chiudi',
} as const;
