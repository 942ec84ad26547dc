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
  categories: { path: '/consultacategorie', getHref: () => '/consultacategorie' },
  category: {
    path: '/singolacategoria/:categoria',
    getHref: (categoria: string) => `/singolacategoria/${encodeURIComponent(categoria)}`,
  },
  warehouse: { path: '/consultamagazzino', getHref: () => '/consultamagazzino' },
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
