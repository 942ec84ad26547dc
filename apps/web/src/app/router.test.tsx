import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';
import { ME_SIGNED_OUT } from '../testing/test-data';
import { preloadScreens } from './router';

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
