import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The setup of every web test (apps/web/vite.config.ts): jest-dom matchers, and a clean page,
// storage, cookies and network after each test.

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
