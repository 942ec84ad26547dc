import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Folder of the screenshots of every screen (named in the README). */
const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides both paths below.
 *
 * Most files drive its headless shell (package chromium-headless-shell: the same Chromium build,
 * Blink and V8 without the browser's own windows and WebUI, what Playwright itself runs for
 * headless), when installed: the whole browser project 435 s with it against ~870 s with the full
 * browser in the same run's conditions, shell.e2e.ts alone 39 against 73 s (2026-12-02, 2 cores).
 * The full browser stays for a camera (the shell has no media devices: getUserMedia answers
 * NotSupportedError) and wherever the shell is not installed.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export interface LaunchOptions {
  /** Flags added to the usual ones (a fake camera: `--use-fake-device-for-media-stream`, ...). */
  args?: readonly string[];
  /** The page will ask for a camera: the full browser, not its headless shell. */
  camera?: boolean;
}

/** Headless Chromium with the flags this machine needs; a fresh profile every launch. */
export async function launchBrowser({ args = [], camera = false }: LaunchOptions = {}): Promise<Browser> {
  const executablePath = !camera && fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: run .ci/run or apt-get install chromium chromium-headless-shell`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      ...args,
    ],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not a <script> tag: the app's CSP (script-src 'self')
  // stays on and is tested as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Whether this run writes the screenshots: `npm run screenshots` (E2E_SCREENSHOTS=1). A run of the
 * tests alone checks the same screens without them: about 220 full-page PNGs, 0.2 s each on a
 * busy machine (2026-11-30), that assert nothing.
 */
const WRITING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a screenshot (the full page unless `fullPage` is false) as SCREENSHOT_DIR/<name>.png when
 * the run writes them (`WRITING_SCREENSHOTS`).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!WRITING_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
