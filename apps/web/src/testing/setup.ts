import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The setup of every web test (apps/web/vite.config.ts): jest-dom matchers, and a clean page,
// storage and network after each test.

beforeEach(() => {
  // jsdom has no layout: scrolling is a no-op that tests can spy on.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
