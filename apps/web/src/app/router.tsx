import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';

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

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** The route table of SPEC.md §2 as read by DECISIONS.md (guards come with the web shell). */
export const router = createBrowserRouter([
  { path: '/', element: page(<h1>Dashboard</h1>) },
  { path: '/dashboardpage', element: page(<h1>Dashboard</h1>) },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/register', element: page(<RegisterPage />) },
  { path: '/elencocomponenti', element: page(<PartsListPage />) },
  { path: '/consultacategorie', element: page(<CategoriesPage />) },
  { path: '/consultamagazzino', element: page(<WarehousePage />) },
  { path: '/nuovocomponente', element: page(<AddPartPage />) },
  { path: '/modificacomponente/:id', element: page(<EditPartPage />) },
  { path: '/cancellacomponente/:id', element: page(<DeletePartPage />) },
  { path: '/singolacategoria/:categoria', element: page(<CategoryPage />) },
  { path: '/resetpassword', element: page(<ForgotPasswordPage />) },
  { path: '/sentpassword', element: page(<SentPasswordPage />) },
  { path: '/newpassword/:token', element: page(<NewPasswordPage />) },
  { path: '*', element: <h1>Opps! Pagina non trovata.</h1> },
]);
