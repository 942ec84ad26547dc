import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A component loaded on demand, whose module can be asked for before it is drawn. */
export interface Preloadable<P extends object> {
  (props: P): ReactElement;
  /** Loads the module; once it is in, the component renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` that renders at once when its module was loaded before it is drawn (`preload`:
 * main.tsx loads the first screen's module, which the page's HTML is already downloading, before
 * the first render). React.lazy suspends on its first render even when the module is in, so the
 * nearest fallback is drawn ('Caricamento in corso…'), and React then holds the screen back until
 * 300 ms after a fallback was shown (its reveal throttle): every first screen came ~0.3 s late,
 * after a spinner. Not yet loaded, it is React.lazy (the fallback while the module comes).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const loadModule = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(loadModule);
  function Preloaded(props: P): ReactElement {
    // Chosen once per mount. A render that React slices may choose the lazy component and then,
    // the module arriving between two slices, commit it with the screen inside: choosing again at
    // the next render would swap it for the loaded one, remounting the screen (what was typed in
    // it lost).
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloaded, {
    preload: async () => {
      if (!loaded) await loadModule();
    },
  });
}
