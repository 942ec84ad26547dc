import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/mock-api';
import type { renderApp as RenderApp } from '../testing/render-app';
import { ME_SIGNED_OUT } from '../testing/test-data';
import type { preloadScreens as PreloadScreens } from './router';

// Whether a screen's module is in is the route table's state, kept by its module: the files of a
// worker share their modules (vite.config.ts), so an earlier file may have drawn /register. Each
// test imports the route table and the app anew, with no screen loaded.
let preloadScreens: typeof PreloadScreens;
let renderApp: typeof RenderApp;
beforeEach(async () => {
  vi.resetModules();
  ({ preloadScreens } = await import('./router'));
  ({ renderApp } = await import('../testing/render-app'));
});

describe('the first screen', () => {
  it('is drawn on the first render when preloadScreens loaded it for the address (main.tsx)', async () => {
    mockApi(ME_SIGNED_OUT);
    await preloadScreens('/login');
    renderApp('/login');
    // No await: drawn at once, with no spinner before it.
    expect(screen.getByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
    expect(screen.queryByText('Caricamento in corso…')).toBeNull();
  });

  it('not loaded for the address, shows the spinner until its module is in', async () => {
    mockApi(ME_SIGNED_OUT);
    await preloadScreens('/login');
    renderApp('/register');
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento in corso…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrati' })).toBeInTheDocument();
  });
});
