import { lazy, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { useSession } from '../lib/session/session-context';
import { paths } from '../lib/paths';
import { returnPath, type AuthLocationState } from '../lib/session/return-path';

// Shown instead of every page while the amministratore requires two-factor sign-in and the
// account has not set it up: its own chunk, loaded only then.
const TwoFactorRequiredPage = lazy(() => import('../features/auth/pages/TwoFactorRequiredPage'));

/** Paths that are where a sign-in leads anyway: no need to remember them. */
const DEFAULT_TARGETS = new Set([paths.home.getHref(), paths.dashboard.getHref()]);

/**
 * Lets signed-in users through (one the amministratore requires to set up two-factor sign-in
 * sees only that, until it is done); sends anyone else to /login, remembering the full path, query and
 * hash asked for so the sign-in leads back there. While a session without a stored profile is
 * being checked with the server, it waits instead of redirecting.
 */
export function RequireAuth() {
  const { status, expired, user } = useSession();
  const location = useLocation();
  // Held from the first right code until the recovery codes are saved, whatever the profile says meanwhile.
  const [enrolling, setEnrolling] = useState(false);
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signed-in' && (user?.twoFactorSetupRequired === true || enrolling)) {
    return <TwoFactorRequiredPage onEnabled={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />;
  }
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
