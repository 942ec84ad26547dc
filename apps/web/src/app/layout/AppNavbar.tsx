import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { preloadable } from '../../lib/preloadable';
import { useSession } from '../../lib/session/session-context';
import { common } from '../../i18n/common';
import { currentFor } from './nav-current';

const t = common.nav;

// The signed-in bar is a chunk of its own (see SignedInBar.tsx); main.tsx loads it before the
// first render when a session is stored.
const loadSignedInBar = () => import('./SignedInBar');
export const SignedInBar = preloadable(loadSignedInBar);

/** The visitor's two links, marked like the areas when their page is shown. */
const LOGIN = { pages: [paths.login.path], within: [] } as const;
const REGISTER = { pages: [paths.register.path], within: [] } as const;

/**
 * The bar as react-bootstrap's <Navbar expand="lg"> draws it, with the yard's name, and
 * `children` on its right: a visitor's bar, and the signed-in bar's place while it loads.
 * Written out so that the sign-in screen does without the Navbar's menus and their code.
 */
function BarFrame({ children }: { children?: ReactNode }) {
  return (
    <nav
      aria-label={t.label}
      className="app-navbar bg-body-tertiary border-bottom navbar navbar-expand-lg navbar-light"
    >
      <div className="px-lg-4 container-fluid">
        <Link className="navbar-brand" to={paths.home.getHref()}>
          {common.appName}
        </Link>
        {children}
      </div>
    </nav>
  );
}

/**
 * The top bar of every page: the yard's name, then, signed in, the areas and the user menu
 * (SignedInBar); a visitor sees only 'Accedi' and 'Registrati', marked (aria-current) when their
 * page is shown.
 */
export function AppNavbar() {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  // A visitor who starts on a form (signing in, signing up) gets the signed-in bar while typing,
  // so it is there when the session starts; the first screen itself goes without it.
  useEffect(() => {
    if (user) return;
    const prefetch = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      document.removeEventListener('focusin', prefetch);
      void SignedInBar.preload().catch(() => undefined);
    };
    document.addEventListener('focusin', prefetch);
    return () => document.removeEventListener('focusin', prefetch);
  }, [user]);
  return (
    <header className="d-print-none">
      {user ? (
        <Suspense fallback={<BarFrame />}>
          <SignedInBar user={user} pathname={pathname} />
        </Suspense>
      ) : (
        <BarFrame>
          {/* A visitor can only sign in or sign up: nothing else is open to them. While the
              session is being checked neither is drawn, so the bar does not change height (and
              move the page) when a signed-in user's links replace them. */}
          {status !== 'checking' && (
            <div className="visitor-nav ms-auto flex-row gap-2 navbar-nav">
              <Link
                className="nav-link"
                to={paths.login.getHref()}
                aria-current={currentFor(LOGIN, pathname)}
              >
                {t.login}
              </Link>
              <Link
                className="nav-link visitor-register"
                to={paths.register.getHref()}
                aria-current={currentFor(REGISTER, pathname)}
              >
                {t.register}
              </Link>
            </div>
          )}
        </BarFrame>
      )}
    </header>
  );
}
