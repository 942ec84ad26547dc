import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A module that arrives when the test says so. */
function deferredModule() {
  let arrive = () => {};
  const module = new Promise<{ default: typeof Counter }>((resolve) => {
    arrive = () => resolve({ default: Counter });
  });
  const arrived = () =>
    act(async () => {
      arrive();
      await module;
    });
  return { load: vi.fn(() => module), arrive: arrived };
}

describe('preloadable', () => {
  it('draws a preloaded screen on its first render, never its fallback, and loads it once', async () => {
    const { load, arrive } = deferredModule();
    const Screen = preloadable(load);
    const preloaded = Screen.preload();
    await arrive();
    await preloaded;
    await Screen.preload();
    render(
      <Suspense fallback={<p>Caricamento in corso…</p>}>
        <Screen label="Pezzi" />
      </Suspense>,
    );
    // At once: no await, no fallback drawn first.
    expect(screen.getByRole('button', { name: 'Pezzi 0' })).toBeInTheDocument();
    expect(screen.queryByText('Caricamento in corso…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded, shows the fallback until the module comes, and keeps its state after', async () => {
    const { load, arrive } = deferredModule();
    const Screen = preloadable(load);
    function Page({ title }: { title: string }) {
      return (
        <Suspense fallback={<p>Caricamento in corso…</p>}>
          <h1>{title}</h1>
          <Screen label="Pezzi" />
        </Suspense>
      );
    }
    const { rerender } = render(<Page title="Elenco" />);
    expect(screen.getByText('Caricamento in corso…')).toBeInTheDocument();
    await arrive();
    await userEvent.click(await screen.findByRole('button', { name: 'Pezzi 0' }));
    // Drawn again once its module is in: the same screen, not a new one in its place.
    rerender(<Page title="Elenco aggiornato" />);
    expect(screen.getByRole('button', { name: 'Pezzi 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Elenco aggiornato' })).toBeInTheDocument();
  });
});
