import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { PartsOutlet } from '../features/parts/components/PartsOutlet';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

// Each screen is its own chunk: the first page loads only what it needs.
const PartsListPage = lazy(() => import('../features/parts/pages/PartsListPage'));
const AddPartPage = lazy(() => import('../features/parts/pages/AddPartPage'));
const PartPage = lazy(() => import('../features/parts/pages/PartPage'));
const EditPartPage = lazy(() => import('../features/parts/pages/EditPartPage'));
const DeletePartPage = lazy(() => import('../features/parts/pages/DeletePartPage'));
const CategoriesPage = lazy(() => import('../features/parts/pages/CategoriesPage'));
const CategoryPage = lazy(() => import('../features/parts/pages/CategoryPage'));
const WarehousePage = lazy(() => import('../features/parts/pages/WarehousePage'));
const ActivityPage = lazy(() => import('../features/parts/pages/ActivityPage'));
const BinPage = lazy(() => import('../features/parts/pages/BinPage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const SentPasswordPage = lazy(() => import('../features/auth/pages/SentPasswordPage'));
const NewPasswordPage = lazy(() => import('../features/auth/pages/NewPasswordPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/pages/ChangePasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const UsersPage = lazy(() => import('../features/users/pages/UsersPage'));

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
              // What changed in the warehouse: every signed-in user.
              route(paths.activity.path, ActivityPage),
              // Roles that change parts (sola lettura sees why not).
              route(paths.bin.path, BinPage),
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
