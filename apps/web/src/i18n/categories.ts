/** Texts of an amministratore's category tools on 'Consulta Categorie' (docs/product.md, "Categories"). */
export const categories = {
  title: 'Rinomina o unisci categorie',
  intro:
    'Tutti i componenti della categoria scelta passano al nuovo nome. Se il nuovo nome è una categoria già esistente (senza badare a maiuscole e accenti), le due categorie si uniscono.',
  from: 'Categoria',
  choose: 'Scegli una categoria',
  option: (name: string, count: string) => `${name} (${count})`,
  to: 'Nuovo nome',
  rename: 'Rinomina',
  merge: 'Unisci',
  saving: 'Salvataggio…',
  // `one`: a single part, so the verb is singular ('1 componente … si unirà').
  willMerge: (from: string, to: string, count: string, one: boolean) =>
    `«${to}» esiste già: ${count} di «${from}» ${one ? 'si unirà' : 'si uniranno'} a «${to}».`,
  willRename: (from: string, to: string, count: string, one: boolean) =>
    `${count} di «${from}» ${one ? 'passerà' : 'passeranno'} a «${to}».`,
  parts: (count: number, formatted: string) => (count === 1 ? '1 componente' : `${formatted} componenti`),
  renamed: (from: string, to: string, count: string) =>
    `Categoria «${from}» rinominata in «${to}»: ${count}.`,
  merged: (from: string, to: string, count: string) => `«${from}» unita a «${to}»: ora ${count}.`,
  failed: 'Categoria non modificata',
} as const;
