import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import './app/layout-reserve.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const router = createAppRouter();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
