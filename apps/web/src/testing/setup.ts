import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The setup of every web test (apps/web/vite.config.ts): jest-dom matchers, and a clean page,
// storage, cookies and network after each test.

// Every screen is a chunk loaded on first use: under the whole suite's load its first render has
// taken more than Testing Library's default second (1.1 s seen; the add screen failed so on
// 2026-11-28), so every findBy and waitFor waits up to 5 s. Only a failing wait takes longer.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom has no layout: scrolling is a no-op that tests can spy on.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
