import { isValidElement, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { PartsOutlet } from '../features/parts/components/PartsOutlet';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteError';
import { ROUTE_PAGES } from './route-pages';

// Each screen is its own chunk (route-pages.ts): the first page loads only what it needs.
const screens = import.meta.glob<{ default: ComponentType }>('../features/*/pages/*Page.tsx');
function screen(key: keyof typeof ROUTE_PAGES): Preloadable<object> {
  const load = screens[`../features/${ROUTE_PAGES[key]}.tsx`];
  if (!load) throw new Error(`No screen module for the route '${key}'`);
  return preloadable(load);
}
const PartsListPage = screen('parts');
const AddPartPage = screen('addPart');
const PartPage = screen('part');
const EditPartPage = screen('editPart');
const DeletePartPage = screen('deletePart');
const PartByCodePage = screen('partByCode');
const CategoriesPage = screen('categories');
const CategoryPage = screen('category');
const WarehousePage = screen('warehouse');
const LabelsPage = screen('labels');
const ActivityPage = screen('activity');
const BinPage = screen('bin');
const ImportPage = screen('imports');
const VehiclesListPage = screen('vehicles');
const AddVehiclePage = screen('addVehicle');
const VehiclePage = screen('vehicle');
const EditVehiclePage = screen('editVehicle');
const LoginPage = screen('login');
const RegisterPage = screen('register');
const ForgotPasswordPage = screen('forgotPassword');
const SentPasswordPage = screen('passwordSent');
const NewPasswordPage = screen('newPassword');
const ChangePasswordPage = screen('changePassword');
const DashboardPage = screen('dashboard');
const UsersPage = screen('users');
const AccountSecurityPage = screen('accountSecurity');
const SecurityLogPage = screen('securityLog');

const route = (path: string, Page: Preloadable<object>): RouteObject => ({
  path,
  element: <Page />,
});

/**
 * The route table (docs/product.md, "Routes"): every data page (a part's page, delete and single
 * category included) needs a session, and ids and category names come from the URL so that a reload or a
 * shared link opens the same thing. A signed-in user is sent away from /login (to the page first
 * asked for) and from /register (through /login). The layout's Suspense shows a spinner while a
 * screen's chunk loads.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A screen that fails leaves the bar and the footer in place around the error.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          {
            element: <RequireAuth />,
            children: [
              route(paths.home.path, DashboardPage),
              route(paths.dashboard.path, DashboardPage),
              route(paths.addPart.path, AddPartPage),
              route(paths.categories.path, CategoriesPage),
              // Amministratori only: anyone else sees 'Accesso non consentito' there.
              route(paths.users.path, UsersPage),
              // Every signed-in user, from the user menu.
              route(paths.changePassword.path, ChangePasswordPage),
              // 'Il tuo account': its sections ('Sessioni attive', ...), every signed-in user.
              route(paths.accountSecurity.path, AccountSecurityPage),
              // Amministratori only: anyone else sees 'Accesso non consentito' there.
              route(paths.securityLog.path, SecurityLogPage),
              // What changed in the warehouse: every signed-in user.
              route(paths.activity.path, ActivityPage),
              // Roles that change parts (sola lettura sees why not).
              route(paths.bin.path, BinPage),
              // 'Importa componenti': roles that change parts (sola lettura sees why not).
              route(paths.imports.path, ImportPage),
              // Donor vehicles: every signed-in user reads them; the forms say why not to sola lettura.
              route(paths.vehicles.path, VehiclesListPage),
              route(paths.addVehicle.path, AddVehiclePage),
              route(paths.vehicle.path, VehiclePage),
              route(paths.editVehicle.path, EditVehiclePage),
              // Labels to print (parts by id, or a location's parts or bins): every signed-in user.
              route(paths.labels.path, LabelsPage),
              // A part's label (its QR): resolves the code and replaces itself with the part's page.
              route(paths.partByCode.path, PartByCodePage),
              {
                // The screens a change returns to, and that say 'Modifiche salvate' on arrival.
                element: <PartsOutlet />,
                children: [
                  route(paths.parts.path, PartsListPage),
                  route(paths.part.path, PartPage),
                  route(paths.editPart.path, EditPartPage),
                  route(paths.deletePart.path, DeletePartPage),
                  route(paths.category.path, CategoryPage),
                  route(paths.warehouse.path, WarehousePage),
                ],
              },
            ],
          },
          { element: <GuestOnly to="return-path" />, children: [route(paths.login.path, LoginPage)] },
          { element: <GuestOnly to="login" />, children: [route(paths.register.path, RegisterPage)] },
          route(paths.forgotPassword.path, ForgotPasswordPage),
          route(paths.passwordSent.path, SentPasswordPage),
          route(paths.newPassword.path, NewPasswordPage),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the modules of the screens `pathname` shows (main.tsx, before the first render), so the
 * first screen is drawn at once instead of after a spinner. Resolves when they are in; never
 * rejects (a module that fails to load fails again where the screen is drawn, in its error page).
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const screensShown = (matchRoutes(routes, pathname) ?? []).flatMap(({ route: { element } }) =>
    isValidElement(element) && typeof element.type === 'function' && 'preload' in element.type
      ? [element.type as Preloadable<object>]
      : [],
  );
  await Promise.all(screensShown.map((shown) => shown.preload().catch(() => undefined)));
}

/**
 * The app's routes, inside a <BrowserRouter> (main.tsx; tests use a <MemoryRouter>). The
 * declarative router, not the data router (`createBrowserRouter`): the app loads no route data
 * through the router, and the data router is 14 KB more of brotli on every first screen
 * (bench/README.md, "Bytes").
 */
export function AppRoutes() {
  return useRoutes(routes);
}
