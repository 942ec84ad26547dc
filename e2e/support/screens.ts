import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { saveScreenshot, seriousAxeViolations, VIEWPORTS, type AxeViolation } from './browser.js';

/** The two colour modes of the app. */
export type ThemeName = 'dark' | 'light';
export const THEMES: readonly ThemeName[] = ['dark', 'light'];
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** A logged-in (or not) browser state to start from: `await context.storageState()`. */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface OpenPageOptions {
  theme?: ThemeName;
  viewport?: ViewportName;
  storageState?: StorageState;
}

/**
 * A fresh context + page at the given viewport, with the theme stored before any page script runs
 * (as the footer switch would have stored it: 'ligth' | 'dark').
 */
export async function openPage(
  browser: Browser,
  { theme = 'dark', viewport = 'desktop', storageState }: OpenPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // An Italian clerk's browser: number formats, dates and the keyboard's decimal comma.
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    storageState,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  await context.addInitScript(
    (stored: string) => {
      window.localStorage.setItem('theme', stored);
    },
    theme === 'light' ? 'ligth' : 'dark',
  );
  const page = await context.newPage();
  return { context, page };
}

export interface ScreenCheck {
  baseUrl: string;
  /** Path to open, e.g. '/login'. */
  path: string;
  /** Screenshot name prefix: files are `<name>-<theme>-<viewport>.png`. */
  name: string;
  /** Waits until the screen is fully drawn (and may interact, e.g. submit to show errors). */
  ready: (page: Page) => Promise<void>;
  storageState?: StorageState;
  themes?: readonly ThemeName[];
  viewports?: readonly ViewportName[];
}

export interface ScreenResult {
  shot: string;
  violations: AxeViolation[];
}

/** Switches the theme with the footer's switch, as a user would, and checks it took effect. */
export async function switchTheme(page: Page, theme: ThemeName): Promise<void> {
  if ((await page.getAttribute('html', 'data-bs-theme')) === theme) return;
  await page.getByRole('switch', { name: 'Tema scuro' }).click();
  await page.waitForFunction((t) => document.documentElement.getAttribute('data-bs-theme') === t, theme);
  // Colours that change with the theme may be mid-transition (buttons fade theirs): wait for the
  // new ones, so contrast is checked on what stays on screen.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Resizes the page's viewport and waits until the page has drawn at the new size. The media
 * queries answer at the next frame, not at once, and the screens that draw a table or cards by
 * them (useMediaQuery) change then: a check made right after the resize could read the old layout,
 * or a DOM changing under it.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(
    ({ width, height }) => window.innerWidth === width && window.innerHeight === height,
    size,
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Opens a screen once (deep link, fresh context), then for every theme (switched in the footer)
 * and viewport (resized) runs axe-core and, in a run that writes them (`npm run screenshots`),
 * saves a full-page screenshot into e2e/screenshots/. Returns one result per combination: assert
 * that `violations` are empty.
 */
export async function checkScreen(browser: Browser, check: ScreenCheck): Promise<ScreenResult[]> {
  const themes = check.themes ?? THEMES;
  const viewports = check.viewports ?? VIEWPORT_NAMES;
  const { context, page } = await openPage(browser, {
    theme: themes[0],
    viewport: viewports[0],
    storageState: check.storageState,
  });
  const results: ScreenResult[] = [];
  try {
    await page.goto(check.baseUrl + check.path);
    await check.ready(page);
    for (const theme of themes) {
      await switchTheme(page, theme);
      for (const viewport of viewports) {
        await resizeViewport(page, VIEWPORTS[viewport]);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        // No hover or focus ring left over from the theme switch click.
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const shot = `${check.name}-${theme}-${viewport}`;
        results.push({ shot, violations: await seriousAxeViolations(page) });
        await saveScreenshot(page, shot);
      }
    }
  } finally {
    await context.close();
  }
  return results;
}

/** A readable summary of axe violations for assertion messages. */
export function describeViolations(results: ScreenResult[]): string {
  return results
    .filter((r) => r.violations.length > 0)
    .map(
      (r) =>
        `${r.shot}: ` +
        r.violations
          .map(
            (v) => `${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          )
          .join('; '),
    )
    .join('\n');
}
