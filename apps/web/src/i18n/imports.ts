/** Italian texts of 'Importa componenti': a CSV or Excel file of parts, mapped, previewed and imported. */
export const imports = {
  nav: 'Importa',
  title: 'Importa componenti',
  lead: 'Carica un file CSV o Excel con i tuoi componenti, abbina le sue colonne ai nostri campi, controlla l’anteprima e importa le righe valide.',
  steps: {
    label: 'Passaggi dell’importazione',
    file: 'File',
    mapping: 'Colonne',
    preview: 'Anteprima',
    run: 'Importazione',
  },

  file: {
    title: 'Scegli il file',
    label: 'File da importare (CSV o Excel .xlsx)',
    help: 'Un CSV separato da punto e virgola o da virgola, oppure un foglio Excel .xlsx, fino a 20 MB, con i nomi delle colonne nella prima riga.',
    drop: 'Oppure trascina qui il file',
    dropActive: 'Rilascia il file per caricarlo',
    uploading: (name: string) => `Caricamento di ${name}…`,
    progress: 'Avanzamento del caricamento',
    cancel: 'Annulla',
    failed: 'Il file non è stato caricato',
    tooBig: 'Il file supera i 20 MB: dividilo in più file e importali uno alla volta.',
    network: 'Connessione non riuscita: controlla la rete e riprova.',
  },

  mapping: {
    title: 'Abbina le colonne',
    lead: (nomeFile: string, righe: string) =>
      `${nomeFile}: ${righe}. Per ogni colonna del file scegli il campo dei componenti che contiene, oppure Ignora.`,
    rows: (n: number, formatted: string) => (n === 1 ? '1 riga' : `${formatted} righe`),
    caption: 'Colonne del file e campi dei componenti',
    column: 'Colonna del file',
    samples: 'Valori di esempio',
    field: 'Campo dei componenti',
    fieldFor: (colonna: string) => `Campo per la colonna ${colonna}`,
    ignore: 'Ignora',
    required: '(obbligatorio)',
    noSamples: 'nessun valore',
    duplicate: (label: string, colonne: string) => `${label} è scelto per più colonne: ${colonne}`,
    submit: 'Mostra l’anteprima',
    submitting: 'Anteprima in preparazione…',
    other: 'Scegli un altro file',
  },

  preview: {
    title: 'Controlla l’anteprima',
    caption: (shown: number) => `Le prime ${shown} righe del file`,
    riga: 'Riga',
    errors: 'Errori',
    noErrors: 'Nessun errore',
    cellError: 'errore',
    empty: '—',
    error: (colonna: string, messaggio: string) => `Colonna «${colonna}»: ${messaggio}`,
    validRows: (n: number, formatted: string) => (n === 1 ? '1 riga valida' : `${formatted} righe valide`),
    errorRows: (n: number, formatted: string) => (n === 1 ? '1 con errori' : `${formatted} con errori`),
    frequent: 'Gli errori più frequenti',
    frequentRows: (n: number, formatted: string) => (n === 1 ? '1 riga' : `${formatted} righe`),
    mode: 'Cosa fare con le righe valide',
    create: 'Crea nuovi componenti',
    createHelp: 'Ogni riga valida diventa un nuovo componente.',
    update: 'Aggiorna i componenti con lo stesso codice',
    updateHelp:
      'Una riga il cui codice è già in magazzino aggiorna quel componente con le colonne abbinate; le altre diventano nuovi componenti.',
    updateNeedsCode: 'Per aggiornare i componenti abbina una colonna al campo Codice.',
    run: (n: number, formatted: string) =>
      n === 1 ? 'Importa 1 riga valida' : `Importa ${formatted} righe valide`,
    running: 'Avvio dell’importazione…',
    nothingValid: 'Nessuna riga è valida: correggi il file o l’abbinamento delle colonne.',
    back: 'Torna alle colonne',
    failed: 'L’anteprima non è riuscita',
    runFailed: 'L’importazione non è partita',
  },

  run: {
    title: 'Importazione in corso',
    progress: 'Avanzamento dell’importazione',
    progressText: (elaborate: string, righe: string) => `${elaborate} righe su ${righe}`,
    doneTitle: 'Importazione completata',
    failedTitle: 'Importazione interrotta',
    failedText:
      'L’importazione si è interrotta prima della fine: le righe già importate restano in magazzino. Puoi importare di nuovo il file in modalità «Aggiorna» per completare il resto.',
    reason: (errore: string) => `Motivo: ${errore}`,
    importate: 'Componenti creati',
    aggiornate: 'Componenti aggiornati',
    scartate: 'Righe scartate',
    downloadRefused: 'Scarica le righe scartate',
    refusedHelp:
      'Un file CSV con le righe scartate, le loro colonne originali, il numero di riga e il motivo.',
    toList: 'Vai all’elenco',
    another: 'Importa un altro file',
    loadError: 'Impossibile leggere lo stato dell’importazione',
  },

  history: {
    title: 'Ultime importazioni',
    caption: 'Le ultime importazioni, dalla più recente',
    empty: 'Nessuna importazione finora.',
    loadError: 'Impossibile caricare le ultime importazioni',
    columns: {
      createdAt: 'Data',
      nomeFile: 'File',
      righe: 'Righe',
      stato: 'Stato',
      importate: 'Creati',
      aggiornate: 'Aggiornati',
      scartate: 'Scartate',
    },
    open: (nomeFile: string) => `Apri l’importazione di ${nomeFile}`,
  },

  stati: {
    caricato: 'Da importare',
    in_corso: 'In corso',
    completato: 'Completata',
    fallito: 'Interrotta',
  },

  readOnly: {
    title: 'Il tuo ruolo non può importare componenti',
    text: (role: string) =>
      `Con il ruolo ${role} puoi consultare il magazzino ma non aggiungere o modificare componenti.`,
    back: 'Vai all’elenco dei componenti',
  },
} as const;
