/** Italian texts of the account screens (the new-password screen keeps the English words it always had). */
export const auth = {
  fields: {
    email: 'Email',
    password: 'Password',
    username: 'Nome utente',
    newPassword: 'New password',
  },
  passwordHint: (min: number) => `Almeno ${min} caratteri.`,
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
  newPassword: {
    title: 'Change password',
    intro: 'Scegli la nuova password del tuo account.',
    submit: 'Change',
    back: 'Torna al login',
  },
} as const;
