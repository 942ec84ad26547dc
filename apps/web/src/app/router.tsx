import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

// Each screen is its own chunk: the first page loads only what it needs.
const PartsListPage = lazy(() => import('../features/parts/pages/PartsListPage'));
const AddPartPage = lazy(() => import('../features/parts/pages/AddPartPage'));
const EditPartPage = lazy(() => import('../features/parts/pages/EditPartPage'));
const DeletePartPage = lazy(() => import('../features/parts/pages/DeletePartPage'));
const CategoriesPage = lazy(() => import('../features/parts/pages/CategoriesPage'));
const CategoryPage = lazy(() => import('../features/parts/pages/CategoryPage'));
const WarehousePage = lazy(() => import('../features/parts/pages/WarehousePage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const SentPasswordPage = lazy(() => import('../features/auth/pages/SentPasswordPage'));
const NewPasswordPage = lazy(() => import('../features/auth/pages/NewPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));

const route = (path: string, Page: LazyExoticComponent<ComponentType>): RouteObject => ({
  path,
  element: <Page />,
});

/**
 * The route table of SPEC.md §2 as read by DECISIONS.md #2, #3, #21 and #22: every data page
 * (delete and single category included) needs a session; ids and category names come from the URL.
 * The layout's Suspense shows a spinner while a screen's chunk loads.
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
              route('/', DashboardPage),
              route('/dashboardpage', DashboardPage),
              route('/elencocomponenti', PartsListPage),
              route('/consultacategorie', CategoriesPage),
              route('/consultamagazzino', WarehousePage),
              route('/nuovocomponente', AddPartPage),
              route('/modificacomponente/:id', EditPartPage),
              route('/cancellacomponente/:id', DeletePartPage),
              route('/singolacategoria/:categoria', CategoryPage),
            ],
          },
          { element: <GuestOnly to="return-path" />, children: [route('/login', LoginPage)] },
          { element: <GuestOnly to="/login" />, children: [route('/register', RegisterPage)] },
          route('/resetpassword', ForgotPasswordPage),
          route('/sentpassword', SentPasswordPage),
          route('/newpassword/:token', NewPasswordPage),
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
