import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a screen that fails, and the next page again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/rotta']}>
        <Link to="/altra">Altra pagina</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/rotta" element={<Broken />} />
            <Route path="/altra" element={<h1>Altra</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Qualcosa è andato storto.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica la pagina' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Altra pagina' }));
    expect(await screen.findByRole('heading', { name: 'Altra' })).toBeInTheDocument();
    expect(screen.queryByText('Qualcosa è andato storto.')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
