import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { common } from '../../i18n/common';
import { AppFooter } from './AppFooter';
import { AppNavbar } from './AppNavbar';
import { useRouteFocus } from './use-route-focus';

/**
 * The frame of every page: skip link, <header> with the navbar, <main id="main"> with the page,
 * <footer>. Pages bring their own react-bootstrap <Container> (fluid when a wide table needs it).
 * A route change starts at the top of the new page, with the focus on its heading.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // Every route change starts at the top of the new page. Instant, not smooth: a new page should
  // not visibly slide up from the old position.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  useRouteFocus(pathname);

  return (
    <>
      <a
        href="#main"
        className="skip-link visually-hidden-focusable"
        onClick={(event) => {
          // Move focus without touching the URL hash (the router owns the URL).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {common.skipToContent}
      </a>
      <AppNavbar />
      <main id="main" tabIndex={-1} className="app-main flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </>
  );
}
