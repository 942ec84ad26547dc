import { ACCOUNT_STATUS_LABELS, ROLE_LABELS, type Role } from '@magazzino/contract';

/** Italian texts of the 'Utenti' page and of the role shown in the user menu. */
export const users = {
  title: 'Utenti',
  intro:
    'Gli account del magazzino: chi consulta soltanto, chi gestisce i componenti e chi gestisce gli utenti.',
  /** The user menu's link to the page, and the signed-in user's role. */
  menu: {
    link: 'Utenti',
    role: (role: Role) => `Ruolo: ${ROLE_LABELS[role]}`,
  },
  roles: ROLE_LABELS,
  roleHints: {
    amministratore: 'tutto, compresa la gestione degli utenti',
    magazziniere: 'aggiunge, modifica e cancella i componenti',
    sola_lettura: 'consulta, cerca ed esporta, senza modificare',
  } satisfies Record<Role, string>,
  rolesLegend: 'Che cosa può fare ogni ruolo',
  statuses: ACCOUNT_STATUS_LABELS,
  loading: 'Caricamento degli utenti…',
  loadError: 'Impossibile caricare gli utenti',
  retry: 'Riprova',
  settings: {
    title: 'Nuovi account',
    signupApproval:
      'Chi si registra dalla pagina «Registrati» aspetta che un amministratore approvi la sua richiesta qui sotto: il ruolo scelto qui è quello proposto.',
    signupOpen:
      'La registrazione è aperta: chi si registra dalla pagina «Registrati» riceve il ruolo scelto qui.',
    signupClosed:
      'La registrazione è chiusa: i nuovi account si creano con «npm run user:create» e ricevono il ruolo scelto qui.',
    label: 'Ruolo dei nuovi account',
    save: 'Salva',
    saving: 'Salvataggio in corso…',
    saved: (role: Role) => `Da ora i nuovi account saranno: ${ROLE_LABELS[role]}.`,
    failed: "L'impostazione non è stata salvata",
    loadError: 'Impossibile caricare le impostazioni dei nuovi account',
  },
  twoFactor: {
    title: 'Verifica in due passaggi',
    intro:
      "Se la richiedi per tutti, chi non l'ha ancora attivata dopo l'accesso può solo attivarla: il resto dell'app gli resta chiuso finché non l'ha fatto. Per richiederla devi prima attivarla sul tuo account.",
    label: 'Richiedi la verifica in due passaggi per tutti',
    on: 'Da ora la verifica in due passaggi è obbligatoria per tutti gli account.',
    off: 'La verifica in due passaggi non è più obbligatoria: ogni account sceglie.',
    failed: "L'impostazione non è stata salvata",
    badge: 'Verifica in due passaggi',
  },
  requests: {
    title: 'Richieste di accesso',
    intro:
      "Queste persone si sono registrate e aspettano: finché non le approvi non vedono nulla. Scegli il ruolo e approva, oppure rifiuta (l'account viene cancellato).",
    none: 'Nessuna richiesta in attesa.',
    registered: 'Registrato il',
    roleFor: (name: string) => `Ruolo per ${name}`,
    approve: 'Approva',
    reject: 'Rifiuta',
    /** Read after the button's text by screen readers: whose request it acts on. */
    of: (name: string) => ` la richiesta di ${name}`,
  },
  table: {
    caption: 'Account',
    name: 'Nome',
    email: 'Email',
    role: 'Ruolo',
    status: 'Stato',
    created: 'Creato il',
    actions: 'Azioni',
    you: '(tu)',
    roleOf: (name: string) => `Ruolo di ${name}`,
  },
  actions: {
    disable: 'Disabilita',
    enable: 'Riattiva',
    sendReset: 'Invia link password',
    /** Read after the button's text by screen readers: which account it acts on. */
    of: (name: string) => ` l'account di ${name}`,
    resetOf: (name: string) => ` a ${name}`,
    resetTwoFactor: 'Azzera verifica in due passaggi',
    twoFactorOf: (name: string) => ` di ${name}`,
    selfDisableHint: 'Non puoi disabilitare il tuo account.',
  },
  confirmDisable: {
    title: (name: string) => `Disabilitare l'account di ${name}?`,
    text: 'Le sue sessioni si chiudono subito e non potrà più accedere finché non lo riattivi. I componenti che ha registrato restano.',
    confirm: 'Disabilita',
  },
  confirmResetTwoFactor: {
    title: (name: string) => `Azzerare la verifica in due passaggi di ${name}?`,
    text: 'Serve quando ha perso il telefono. La sua app e i suoi codici di recupero smettono di valere e le sue sessioni si chiudono subito: accederà con la sola password e potrà attivarla di nuovo.',
    confirm: 'Azzera',
  },
  confirmReject: {
    title: (name: string) => `Rifiutare la richiesta di ${name}?`,
    text: "L'account viene cancellato e non riceve nessuna email: potrà registrarsi di nuovo.",
    confirm: 'Rifiuta',
  },
  confirmSelfDemote: {
    title: 'Rinunciare al ruolo di amministratore?',
    text: (role: Role) =>
      `Diventerai «${ROLE_LABELS[role]}» e non potrai più aprire questa pagina: solo un altro amministratore potrà ridarti il ruolo.`,
    confirm: 'Cambia il mio ruolo',
  },
  cancel: 'Annulla',
  close: 'Chiudi',
  done: {
    role: (name: string, role: Role) => `Ruolo di ${name} cambiato: ${ROLE_LABELS[role]}.`,
    disabled: (name: string) => `Account di ${name} disabilitato: le sue sessioni sono state chiuse.`,
    enabled: (name: string) => `Account di ${name} riattivato.`,
    approved: (name: string, role: Role) =>
      `Account di ${name} approvato: ${ROLE_LABELS[role]}. Gli arriva un'email e ora può accedere.`,
    rejected: (name: string) => `Richiesta di ${name} rifiutata.`,
    twoFactorReset: (name: string) =>
      `Verifica in due passaggi di ${name} azzerata: accede con la password e può attivarla di nuovo.`,
  },
  failed: {
    role: 'Il ruolo non è stato cambiato',
    status: "Lo stato dell'account non è stato cambiato",
    reset: 'Il link non è stato inviato',
    approve: 'La richiesta non è stata approvata',
    reject: 'La richiesta non è stata rifiutata',
    resetTwoFactor: 'La verifica in due passaggi non è stata azzerata',
  },
  forbidden: {
    title: 'Accesso non consentito',
    text: 'La pagina Utenti è riservata agli amministratori: per cambiare un ruolo o un account, chiedi a un amministratore.',
    home: "Torna all'homepage",
  },
} as const;
