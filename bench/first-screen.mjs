// `node bench/first-screen.mjs [--runs 9] [--web-dist DIR]...`
// How soon a page load draws its first screen, with the BUILT app (`npm run build` first) in
// Debian's Chromium through playwright-core, at phone size: from the navigation's start to the
// screen's heading (<h1>) in the page, and whether 'Caricamento in corso…' was drawn before it.
// Two loads, each in a fresh browser context (nothing cached): a visitor on the sign-in page, and
// a clerk with a stored session (cookie and the profile the app keeps) on 'Elenco Componenti'.
// With several --web-dist (a build of another tree, say), one server runs each, on its own empty
// DATA_DIR, and the runs alternate between them so a machine that drifts favours none. Prints the
// median and range per build and page, and writes JSON to bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signIn, startServer, stats } from './harness.mjs';
import { requireBuiltServer, ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    'web-dist': { type: 'string', multiple: true, default: [path.join(ROOT, 'apps/web/dist')] },
  },
});
const RUNS = Number(args.runs);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };

const PAGES = [
  { name: 'sign-in (visitor)', path: '/login', heading: 'Accedi', signedIn: false },
  { name: 'list (clerk)', path: '/elencocomponenti', heading: 'Elenco Componenti', signedIn: true },
];

/** Runs in the page before its scripts: when the first <h1> appeared, and whether a spinner did. */
function recordFirstScreen() {
  const log = { headingAt: null, spinnerSeen: false };
  globalThis.firstScreen = log;
  new globalThis.MutationObserver(() => {
    if (globalThis.document.querySelector('.loading-spinner')) log.spinnerSeen = true;
    if (log.headingAt === null && globalThis.document.querySelector('main h1')) {
      log.headingAt = globalThis.performance.now();
    }
  }).observe(globalThis.document, { childList: true, subtree: true });
}

requireBuiltServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const builds = [];
try {
  for (const webDist of args['web-dist']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-first-screen-'));
    const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: path.resolve(webDist) });
    // A clerk's browser as the app leaves it after a sign-in: the cookies, and the profile it
    // stores once GET /api/users/me has answered (a page opened once with the cookies).
    const cookie = await signIn(server.url);
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboardpage`);
    await page.waitForFunction(() => globalThis.localStorage.getItem('user') !== null);
    const clerk = await context.storageState();
    await context.close();
    builds.push({ webDist, server, clerk, samples: Object.fromEntries(PAGES.map((p) => [p.name, []])) });
  }

  for (let run = 0; run < RUNS; run += 1) {
    // Alternated, the order swapped every other run.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      for (const target of PAGES) {
        const context = await browser.newContext({
          viewport: PHONE,
          locale: 'it-IT',
          ...(target.signedIn ? { storageState: build.clerk } : {}),
        });
        await context.addInitScript(recordFirstScreen);
        const page = await context.newPage();
        await page.goto(build.server.url + target.path);
        await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
        const log = await page.evaluate(() => globalThis.firstScreen);
        build.samples[target.name].push(log);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.server.stop();
}

const results = builds.map((build) => ({
  webDist: build.webDist,
  pages: Object.fromEntries(
    Object.entries(build.samples).map(([name, logs]) => [
      name,
      {
        headingMs: stats(logs.map((log) => log.headingAt)),
        spinnerSeen: logs.filter((log) => log.spinnerSeen).length,
      },
    ]),
  ),
}));
for (const result of results) {
  console.log(result.webDist);
  for (const [name, page] of Object.entries(result.pages)) {
    const { median, min, max, n } = page.headingMs;
    console.log(
      `  ${name}: heading at ${median} ms (median of ${n}, ${min}–${max}), spinner in ${page.spinnerSeen} of ${n}`,
    );
  }
}
const out = path.join(
  ROOT,
  'bench/results',
  `first-screen-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2));
console.log(`written ${path.relative(ROOT, out)}`);
