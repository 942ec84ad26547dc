import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { PartsOutlet } from '../features/parts/components/PartsOutlet';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { ROUTE_PAGES } from './route-pages';

// Each screen is its own chunk (route-pages.ts): the first page loads only what it needs.
const screens = import.meta.glob<{ default: ComponentType }>('../features/*/pages/*Page.tsx');
function screen(key: keyof typeof ROUTE_PAGES): LazyExoticComponent<ComponentType> {
  const load = screens[`../features/${ROUTE_PAGES[key]}.tsx`];
  if (!load) throw new Error(`No screen module for the route '${key}'`);
  return lazy(load);
}
const PartsListPage = screen('parts');
const AddPartPage = screen('addPart');
const PartPage = screen('part');
const EditPartPage = screen('editPart');
const DeletePartPage = screen('deletePart');
const CategoriesPage = screen('categories');
const CategoryPage = screen('category');
const WarehousePage = screen('warehouse');
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

const route = (path: string, Page: LazyExoticComponent<ComponentType>): RouteObject => ({
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
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
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

/** The browser router of the app (tests use createMemoryRouter(routes) instead). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
