/** Italian texts of the account screens. */
export const auth = {
  fields: {
    email: 'Email',
    password: 'Password',
    username: 'Nome utente',
    newPassword: 'Nuova password',
  },
  /** The rule of a new password, shown under the field before anything is typed. */
  passwordHint: (min: number) =>
    `Almeno ${min} caratteri, anche spazi e accenti (va bene una frase); non una delle password più comuni.`,
  pending: 'Attendere…',
  login: {
    title: 'Accedi',
    intro: 'Accedi per gestire il magazzino ricambi.',
    submit: 'Login',
    forgot: 'Password dimenticata?',
    noAccount: 'Non hai un account?',
    register: 'Registrati',
    passwordChanged: 'Password cambiata. Accedi con la nuova password.',
    sessionExpired:
      'La sessione è scaduta: accedi di nuovo per continuare. Quello che stavi scrivendo è stato conservato.',
  },
  register: {
    title: 'Registrati',
    intro: 'Crea il tuo account per accedere al magazzino.',
    submit: 'Registrati',
    haveAccount: 'Hai già un account?',
    login: 'Accedi',
    /** What happens after the sign-up, by SIGNUP mode, said before the form is filled in. */
    next: {
      approval:
        "Dopo la registrazione un amministratore deve approvare il tuo account: riceverai un'email quando potrai accedere.",
      open: 'Dopo la registrazione accedi subito, con la tua email e la password che hai scelto.',
      closed: "La registrazione è chiusa: chiedi all'amministratore di creare il tuo account.",
    },
    sent: {
      title: 'Richiesta inviata',
      back: 'Torna al login',
    },
  },
  forgot: {
    title: 'Password dimenticata',
    intro: "Inserisci l'email del tuo account: ti invieremo un link per cambiare la password.",
    submit: 'Cambia',
    back: 'Torna al login',
  },
  sent: {
    title: 'Controlla la tua email',
    text: 'Ti abbiamo inviato per email un link per cambiare la password.',
    note: "Il link vale 60 minuti e si può usare una sola volta. Se non trovi l'email, controlla la posta indesiderata.",
    back: 'Torna al login',
  },
  changePassword: {
    /** The user menu's entry and the screen's title. */
    title: 'Cambia password',
    intro:
      'Inserisci la password attuale e quella nuova. Le sessioni aperte su altri dispositivi verranno chiuse; qui resti connesso.',
    submit: 'Cambia password',
    current: 'Password attuale',
    new: 'Nuova password',
    devices: {
      title: 'Esci da tutti i dispositivi',
      text: "Chiude la sessione su ogni altro computer, telefono o browser in cui hai fatto l'accesso (per esempio se ne hai perso uno). Qui resti connesso.",
      submit: 'Esci da tutti i dispositivi',
      pending: 'Chiusura in corso…',
      failed: 'Le sessioni non sono state chiuse',
    },
  },
  /** Two-factor sign-in: the sign-in's code step, the account section, the forced enrolment. */
  twoFactor: {
    login: {
      title: 'Verifica in due passaggi',
      intro: "Inserisci il codice a 6 cifre che l'app di autenticazione mostra ora sul tuo telefono.",
      introRecovery:
        'Inserisci uno dei codici di recupero che hai salvato, per esempio abcd-efgh-jk23. Ogni codice vale una volta sola.',
      code: 'Codice di verifica',
      recoveryCode: 'Codice di recupero',
      submit: 'Verifica',
      useRecovery: 'Usa un codice di recupero',
      useApp: "Usa il codice dell'app",
      back: "Torna all'accesso",
    },
    section: {
      title: 'Verifica in due passaggi',
      intro:
        "Oltre alla password, all'accesso serve un codice a 6 cifre dell'app di autenticazione del telefono (Google Authenticator, Microsoft Authenticator, FreeOTP…): chi scopre la password non basta che la conosca.",
      loading: 'Caricamento dello stato…',
      loadError: 'Impossibile leggere lo stato della verifica in due passaggi',
      on: 'Attiva',
      off: 'Non attiva',
      status: 'Stato',
      since: (date: string) => `attiva dal ${date}`,
      codesLeft: (n: number) =>
        n === 1 ? 'Resta 1 codice di recupero.' : `Restano ${n} codici di recupero.`,
      fewCodes: 'Ti restano pochi codici di recupero: generane di nuovi.',
      required: "L'amministratore la richiede per tutti gli account: non si può disattivare.",
      enable: 'Attiva',
      regenerate: 'Genera nuovi codici',
      regenerateIntro:
        "Inserisci un codice dell'app: riceverai dieci codici di recupero nuovi e quelli vecchi smetteranno di valere.",
      disable: 'Disattiva',
      disableIntro: "Per disattivarla inserisci la password e un codice dell'app (o un codice di recupero).",
      disabled: 'Verifica in due passaggi disattivata.',
      cancel: 'Annulla',
      pending: 'Attendere…',
    },
    setup: {
      step1: "1. Inquadra il codice QR con l'app di autenticazione",
      qrAlt: "Codice QR da inquadrare con l'app di autenticazione",
      manual: 'Non riesci a inquadrarlo? Inserisci a mano questa chiave (tipo: basata sul tempo):',
      key: 'Chiave',
      step2: "2. Inserisci il codice a 6 cifre che l'app mostra",
      expires: (when: string) => `Da confermare entro il ${when}: dopo si ricomincia.`,
      confirm: 'Conferma e attiva',
      starting: 'Preparazione del codice QR…',
      startError: "Non è stato possibile avviare l'attivazione",
      restart: 'Ricomincia',
    },
    codes: {
      title: 'Codici di recupero',
      intro:
        "Se perdi il telefono, ognuno di questi codici ti fa entrare una volta al posto del codice dell'app. Salvali ora in un posto sicuro (un gestore di password, un foglio stampato): non li vedrai più.",
      listLabel: 'I dieci codici di recupero',
      copy: 'Copia',
      copied: 'Codici copiati negli appunti.',
      copyFailed: 'Copia non riuscita: selezionali e copiali a mano.',
      download: 'Scarica',
      fileName: 'codici-di-recupero-magazzino.txt',
      fileHeader: (email: string) =>
        `Magazzino Ricambi: codici di recupero di ${email}\nOgni codice vale una volta sola.\n\n`,
      saved: 'Ho salvato i codici in un posto sicuro',
      done: 'Fatto',
    },
    enabled: 'Verifica in due passaggi attivata.',
    required: {
      title: 'Attiva la verifica in due passaggi',
      intro:
        "L'amministratore richiede la verifica in due passaggi per tutti gli account. Attivala ora: ci vogliono un paio di minuti e un'app di autenticazione sul telefono.",
      start: 'Inizia',
      signOut: 'Esci',
    },
  },
  newPassword: {
    title: 'Reimposta la password',
    intro: 'Scegli la nuova password del tuo account.',
    submit: 'Salva la nuova password',
    back: 'Torna al login',
  },
} as const;
