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
  newPassword: {
    title: 'Reimposta la password',
    intro: 'Scegli la nuova password del tuo account.',
    submit: 'Salva la nuova password',
    back: 'Torna al login',
  },
} as const;
