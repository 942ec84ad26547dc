import type { paths } from '../lib/paths';

/**
 * The screen of each route, as its module under `src/features` (without `.tsx`), keyed like
 * `paths`. The router loads each one as its own chunk (router.tsx); the build reads the same table
 * (vite.config.ts, `routeShells`) to write, for every route, an HTML page that starts downloading
 * that screen's chunks together with the app's own, instead of after the app has started.
 */
export const ROUTE_PAGES = {
  home: 'dashboard/pages/DashboardPage',
  dashboard: 'dashboard/pages/DashboardPage',
  parts: 'parts/pages/PartsListPage',
  addPart: 'parts/pages/AddPartPage',
  part: 'parts/pages/PartPage',
  editPart: 'parts/pages/EditPartPage',
  deletePart: 'parts/pages/DeletePartPage',
  partByCode: 'scan/pages/PartByCodePage',
  categories: 'parts/pages/CategoriesPage',
  category: 'parts/pages/CategoryPage',
  warehouse: 'parts/pages/WarehousePage',
  labels: 'labels/pages/LabelsPage',
  activity: 'parts/pages/ActivityPage',
  bin: 'parts/pages/BinPage',
  imports: 'imports/pages/ImportPage',
  vehicles: 'vehicles/pages/VehiclesListPage',
  addVehicle: 'vehicles/pages/AddVehiclePage',
  vehicle: 'vehicles/pages/VehiclePage',
  editVehicle: 'vehicles/pages/EditVehiclePage',
  users: 'users/pages/UsersPage',
  changePassword: 'auth/pages/ChangePasswordPage',
  accountSecurity: 'auth/pages/AccountSecurityPage',
  securityLog: 'security/pages/SecurityLogPage',
  login: 'auth/pages/LoginPage',
  register: 'auth/pages/RegisterPage',
  forgotPassword: 'auth/pages/ForgotPasswordPage',
  passwordSent: 'auth/pages/SentPasswordPage',
  newPassword: 'auth/pages/NewPasswordPage',
} as const satisfies Record<keyof typeof paths, string>;
