import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { useSession } from '../lib/session/session-context';
import { paths } from '../lib/paths';
import { returnPath, type AuthLocationState } from '../lib/session/return-path';

/** Paths that are where a sign-in leads anyway: no need to remember them. */
const DEFAULT_TARGETS = new Set([paths.home.getHref(), paths.dashboard.getHref()]);

/**
 * Lets signed-in users through; sends anyone else to /login, remembering the full path, query and
 * hash asked for so the sign-in leads back there. While a session without a stored profile is
 * being checked with the server, it waits instead of redirecting.
 */
export function RequireAuth() {
  const { status, expired } = useSession();
  const location = useLocation();
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signed-in') return <Outlet />;
  const from = location.pathname + location.search + location.hash;
  const state: AuthLocationState = {
    ...(DEFAULT_TARGETS.has(from) ? {} : { from }),
    // The sign-in screen says why the clerk is there, and that their work is waiting.
    ...(expired ? { notice: 'session-expired' as const } : {}),
  };
  return (
    <Navigate to={paths.login.getHref()} replace state={Object.keys(state).length > 0 ? state : undefined} />
  );
}

/**
 * The sign-in and sign-up screens are for visitors. A signed-in user on /login goes to the page
 * first asked for ('return-path'); one on /register goes on to /login ('login'), and from there
 * to the dashboard: /register → /login → /dashboardpage.
 */
export function GuestOnly({ to }: { to: 'return-path' | 'login' }) {
  const { status } = useSession();
  const location = useLocation();
  if (status !== 'signed-in') return <Outlet />;
  if (to === 'login')
    return <Navigate to={paths.login.getHref()} replace state={location.state as unknown} />;
  return <Navigate to={returnPath(location.state)} replace />;
}
