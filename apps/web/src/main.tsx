import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import './app/layout-reserve.css';
import { SignedInBar } from './app/layout/AppNavbar';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreens } from './app/router';
import { createSessionStore } from './lib/session/session-store';

const root = document.getElementById('root');
if (root) {
  const sessionStore = createSessionStore();
  // The first screen's module (and the signed-in bar's, unless a visitor's) is in before the
  // first render, so the screen replaces the yard's bar of index.html directly: loaded by the
  // first render instead, it showed a spinner and came ~0.3 s later (lib/preloadable.ts). The
  // route's HTML is already downloading these modules beside the app's own.
  void Promise.all([
    preloadScreens(window.location.pathname),
    sessionStore.getSnapshot().status === 'signed-out'
      ? undefined
      : SignedInBar.preload().catch(() => undefined),
  ]).then(() => {
    // A transition: React renders the first screen in slices of a few milliseconds, yielding to
    // the browser between them, instead of one long task that a phone's tap would wait behind.
    // The yard's bar of index.html stays on screen until the whole first screen is ready to
    // replace it.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <AppProviders sessionStore={sessionStore}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </StrictMode>,
      );
    });
  });
}
