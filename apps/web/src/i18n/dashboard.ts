/** Italian texts of the dashboard. */
export const dashboard = {
  title: 'Dashboard',
  intro: 'Cosa vuoi fare oggi?',
  cards: {
    list: {
      title: 'Elenco Componenti',
      text: 'Cerca, filtra, modifica ed esporta in CSV i componenti in magazzino.',
    },
    add: {
      title: 'Aggiungi Componente',
      text: 'Registra un nuovo ricambio con foto, dati del veicolo e ubicazione.',
    },
    warehouse: {
      title: 'Consulta Magazzino',
      text: 'Trova i componenti di uno scaffale, campata, ripiano e cassetta.',
    },
    categories: {
      title: 'Consulta Categorie',
      text: 'Sfoglia i componenti divisi per categoria.',
    },
  },
} as const;
