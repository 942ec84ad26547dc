/** Italian texts of the 'Cestino': the deleted parts, kept for a while before they go for good. */
export const bin = {
  title: 'Cestino',
  lead: (days: number) =>
    `I componenti eliminati restano qui per ${days} giorni: puoi ripristinarli con foto e storico. Poi sono eliminati per sempre.`,
  caption: 'Componenti nel cestino',
  columns: {
    immagine: 'Immagine',
    nome: 'Nome',
    categoria: 'Categoria',
    ubicazione: 'Ubicazione',
    eliminatoIl: 'Eliminato il',
    eliminatoDa: 'Eliminato da',
    scadeIl: 'Eliminato per sempre il',
    azioni: 'Azioni',
  },
  unknownUser: 'non noto',
  empty: 'Il cestino è vuoto.',
  emptyText: 'I componenti che elimini finiscono qui, e puoi ripristinarli per un po’ di tempo.',
  loadError: 'Impossibile caricare il cestino',
  count: (n: number, formatted: string) =>
    n === 1 ? '1 componente nel cestino' : `${formatted} componenti nel cestino`,
  more: 'Mostra altri',
  loadingMore: 'Caricamento…',

  restore: 'Ripristina',
  restoring: 'Ripristino…',
  restored: (nome: string) => `${nome} è stato ripristinato.`,
  openRestored: 'Apri il componente',
  restoreFailed: 'Il componente non è stato ripristinato',

  purge: 'Elimina per sempre',
  purgeTitle: (nome: string) => `Eliminare per sempre ${nome}?`,
  purgeText:
    'Il componente e la sua foto non si potranno più recuperare; il suo storico resta nella pagina Attività.',
  purgeConfirm: 'Sì, elimina per sempre',
  purged: (nome: string) => `${nome} è stato eliminato per sempre.`,
  purgeFailed: 'Il componente non è stato eliminato',

  emptyBin: 'Svuota il cestino',
  emptyTitle: 'Svuotare il cestino?',
  emptyConfirmText: (count: string) =>
    `Tutti i componenti nel cestino (${count}) saranno eliminati per sempre, con le loro foto: non si potranno più recuperare.`,
  emptyConfirm: 'Sì, svuota il cestino',
  emptied: (n: number, formatted: string) =>
    n === 1
      ? 'Cestino svuotato: 1 componente eliminato per sempre.'
      : `Cestino svuotato: ${formatted} componenti eliminati per sempre.`,
  emptyFailed: 'Il cestino non è stato svuotato',

  /** Read after a row's button by screen readers: which part it acts on. */
  of: (nome: string) => ` ${nome}`,
} as const;
