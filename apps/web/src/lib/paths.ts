/**
 * Every route of the web app, named once: `path` is the pattern the router matches, `getHref`
 * builds a link to it (encoding ids and names). Screens, guards and links use these, never a
 * route string of their own. The Italian addresses are the public ones (docs/product.md, "Routes").
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboardpage', getHref: () => '/dashboardpage' },

  parts: { path: '/elencocomponenti', getHref: () => '/elencocomponenti' },
  addPart: { path: '/nuovocomponente', getHref: () => '/nuovocomponente' },
  part: {
    path: '/componente/:id',
    getHref: (id: string) => `/componente/${encodeURIComponent(id)}`,
  },
  editPart: {
    path: '/modificacomponente/:id',
    getHref: (id: string) => `/modificacomponente/${encodeURIComponent(id)}`,
  },
  deletePart: {
    path: '/cancellacomponente/:id',
    getHref: (id: string) => `/cancellacomponente/${encodeURIComponent(id)}`,
  },
  /** A part by its code (R-004213): the address a part's label carries; it opens the part's page. */
  partByCode: {
    path: '/r/:codice',
    getHref: (codice: string) => `/r/${encodeURIComponent(codice)}`,
  },
  categories: { path: '/consultacategorie', getHref: () => '/consultacategorie' },
  category: {
    path: '/singolacategoria/:categoria',
    getHref: (categoria: string) => `/singolacategoria/${encodeURIComponent(categoria)}`,
  },
  warehouse: { path: '/consultamagazzino', getHref: () => '/consultamagazzino' },
  /** The print page of labels: parts by id, or the parts or bins under a location (docs/product.md, "Labels"). */
  labels: { path: '/etichette', getHref: (target: LabelsTarget) => `/etichette?${labelsSearch(target)}` },
  activity: { path: '/attivita', getHref: () => '/attivita' },
  bin: { path: '/cestino', getHref: () => '/cestino' },
  imports: { path: '/importa', getHref: () => '/importa' },
  vehicles: { path: '/veicoli', getHref: () => '/veicoli' },
  addVehicle: { path: '/nuovoveicolo', getHref: () => '/nuovoveicolo' },
  vehicle: { path: '/veicoli/:id', getHref: (id: string) => `/veicoli/${encodeURIComponent(id)}` },
  editVehicle: {
    path: '/modificaveicolo/:id',
    getHref: (id: string) => `/modificaveicolo/${encodeURIComponent(id)}`,
  },
  users: { path: '/utenti', getHref: () => '/utenti' },
  changePassword: { path: '/cambiapassword', getHref: () => '/cambiapassword' },
  accountSecurity: { path: '/account/sicurezza', getHref: () => '/account/sicurezza' },
  securityLog: { path: '/sicurezza/registro', getHref: () => '/sicurezza/registro' },

  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/resetpassword', getHref: () => '/resetpassword' },
  passwordSent: { path: '/sentpassword', getHref: () => '/sentpassword' },
  newPassword: {
    path: '/newpassword/:token',
    getHref: (token: string) => `/newpassword/${encodeURIComponent(token)}`,
  },
} as const;

/** What a sheet of labels shows: some parts by id, or the parts or the bins under a location's leading segments. */
export type LabelsTarget =
  | { tipo: 'componenti'; ids: readonly string[]; formato?: LabelsFormat }
  | {
      tipo: 'componenti' | 'ubicazioni';
      segments: readonly string[];
      formato?: LabelsFormat;
      /** The lookup's status filter for the parts ('' or left out: those in stock). */
      stato?: string;
    };

/** 'a4': a sheet of 3 × 8 labels of 70 × 37 mm; 'rotolo': a 62 mm roll label of a thermal printer. */
export type LabelsFormat = 'a4' | 'rotolo';

/** The segment names of a location, in order (the query of the labels page and of the lookup). */
const LOCATION_PARAMS = ['scaffale', 'campata', 'ripiano', 'cassetta'] as const;

/** The query of the labels page: `tipo`, then `ids` or the location's segments, then `formato` unless A4. */
function labelsSearch(target: LabelsTarget): string {
  const search = new URLSearchParams({ tipo: target.tipo });
  if ('ids' in target) search.set('ids', target.ids.join(','));
  else
    target.segments.forEach((segment, index) => {
      const name = LOCATION_PARAMS[index];
      if (name) search.set(name, segment);
    });
  if ('stato' in target && target.stato) search.set('stato', target.stato);
  if (target.formato === 'rotolo') search.set('formato', 'rotolo');
  return search.toString();
}
