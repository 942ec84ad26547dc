import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import './app/layout-reserve.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const root = document.getElementById('root');
if (root) {
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that a phone's tap would wait behind. The
  // yard's bar of index.html stays on screen until the whole first screen is ready to replace it.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
