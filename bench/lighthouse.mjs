// Lighthouse (mobile profile, simulated throttling) on the built app: sign-in, list, a part's
// page, add and categories, against a fresh DATA_DIR loaded with the demo parts and photos.
//
//   npm run build
//   node bench/lighthouse.mjs [--runs 3] [--lighthouse-dir /tmp/node22] [--pages list,part] [--keep]
//
// Lighthouse 13 needs Node >= 22.19 and is not one of the app's dependencies: install it with
// the registry's `node` package in a scratch folder (see bench/README.md) and point
// LIGHTHOUSE_DIR (or --lighthouse-dir) at it. This script itself runs on the project's Node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium as playwright } from 'playwright-core';
import { freePort, request, startServer } from './harness.mjs';
import { ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'lighthouse-dir': { type: 'string', default: process.env.LIGHTHOUSE_DIR ?? '/tmp/node22' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '' },
    pages: { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
  },
});

const RUNS = Math.max(1, Number(args.runs) || 1);
const LH_DIR = path.resolve(args['lighthouse-dir']);
const LH_NODE = path.join(LH_DIR, 'node_modules/node/bin/node');
const LH_CLI = path.join(LH_DIR, 'node_modules/lighthouse/cli/index.js');
const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const ACCOUNT = { email: 'lighthouse@example.it', username: 'Lighthouse', password: 'Faro-di-prova-2025!' };

for (const [file, hint] of [
  [LH_NODE, 'npm i node@22 lighthouse@13 in the --lighthouse-dir folder'],
  [LH_CLI, 'npm i node@22 lighthouse@13 in the --lighthouse-dir folder'],
  [path.join(SERVER_DIST, 'server.js'), 'npm run build'],
  [path.join(WEB_DIST, 'index.html'), 'npm run build'],
]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: ${hint}`);
    process.exit(2);
  }
}
const chromium =
  args.chromium ||
  spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser']).stdout.toString().trim();
if (!chromium) {
  console.error('Chromium not found: install it or set CHROME_PATH');
  process.exit(2);
}

/** Runs a server CLI (apps/server/dist/cli/<name>.js) on the given DATA_DIR. */
function runCli(name, cliArgs, env, input) {
  const result = spawnSync(process.execPath, [path.join(SERVER_DIST, 'cli', `${name}.js`), ...cliArgs], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    input,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`${name} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

/**
 * One Lighthouse run in `browser` (our Chromium, reached on its debugging port); resolves with the
 * parsed report. Lighthouse keeps the browser's storage (--disable-storage-reset): a signed-in
 * page is measured as a clerk's browser holds it, the session cookie and the stored profile. The
 * HTTP cache is emptied before every run, so each one downloads the whole app, as the first visit
 * after an update does.
 */
async function lighthouse(browser, url, outFile) {
  const cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const lhArgs = [
    LH_CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--port=${browser.port}`,
    '--disable-storage-reset',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(LH_NODE, lhArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}:\n${stderr}`));
      resolve(JSON.parse(fs.readFileSync(outFile, 'utf8')));
    });
  });
}

/**
 * Our Chromium with a debugging port for Lighthouse; with `cookies`, signed in: the cookies in its
 * jar, and the profile the app stores once it has confirmed the session.
 */
async function launchChromium(profileDir, cookies, appUrl) {
  const port = await freePort();
  const context = await playwright.launchPersistentContext(profileDir, {
    executablePath: chromium,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
  });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = context.pages()[0] ?? (await context.newPage());
  if (cookies.length > 0) {
    await page.goto(`${appUrl}/dashboardpage`);
    await page.waitForFunction(() => globalThis.localStorage.getItem('user') !== null);
  }
  return { context, page, port };
}

function summarise(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(report.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    cls: Number(report.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    failing,
  };
}

/** The run with the median performance score (Lighthouse's own advice for several runs). */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-lighthouse-'));
// The server gets its own copy of the built web app: a rebuild meanwhile cannot swap the chunks.
const webDist = path.join(dataDir, 'web');
fs.cpSync(WEB_DIST, webDist, { recursive: true });
const env = { DATA_DIR: dataDir, WEB_DIST: webDist };
console.log(`DATA_DIR ${dataDir}: loading the demo parts and an account…`);
runCli('demo', [], env);
runCli(
  'user-create',
  ['--email', ACCOUNT.email, '--username', ACCOUNT.username],
  env,
  `${ACCOUNT.password}\n`,
);

const server = await startServer(env);
try {
  const login = await request(server.url, '/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const setCookies = [login.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]);
  const cookie = setCookies.join('; ');
  const listed = await fetch(`${server.url}/api/componenti?limit=50`, { headers: { cookie } });
  const body = await listed.json();
  const parts = Array.isArray(body) ? body : (body.items ?? []);
  // A part with a photo: its page's largest paint is usually the photo.
  const partId = (parts.find((part) => part.urlImmagine) ?? parts[0])?._id;
  if (!partId) throw new Error('no part listed');

  const pages = [
    { name: 'sign-in', path: '/login', signedIn: false },
    { name: 'list', path: '/elencocomponenti', signedIn: true },
    { name: 'part', path: `/componente/${partId}`, signedIn: true },
    { name: 'add', path: '/nuovocomponente', signedIn: true },
    { name: 'categories', path: '/consultacategorie', signedIn: true },
  ].filter((page) => !args.pages || args.pages.split(',').includes(page.name));
  // The session cookie and its readable hint, as the login left them in a clerk's browser.
  const jar = setCookies.map((pair) => {
    const [name, ...value] = pair.split('=');
    return {
      name,
      value: value.join('='),
      url: server.url,
      sameSite: 'Lax',
      httpOnly: name === 'magazzino_sid',
    };
  });

  const rows = [];
  for (const page of pages) {
    const results = [];
    const browser = await launchChromium(
      path.join(dataDir, `chromium-${page.name}`),
      page.signedIn ? jar : [],
      server.url,
    );
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const out = path.join(dataDir, `lh-${page.name}-${run}.json`);
        const url = `${server.url}${page.path}`;
        // A busy machine sometimes loses the trace (NO_NAVSTART): one more try before giving up.
        const report = await lighthouse(browser, url, out).catch((error) => {
          console.warn(`${page.name}: ${String(error).split('\n')[0]}; retrying`);
          return lighthouse(browser, url, out);
        });
        results.push(summarise(report));
      }
    } finally {
      await browser.context.close();
    }
    const best = median(results);
    rows.push({ page: page.name, path: page.path, ...best });
    console.log(
      `${page.name.padEnd(11)} perf ${best.performance}  a11y ${best.accessibility}  bp ${best.bestPractices}  ` +
        `seo ${best.seo}  LCP ${best.lcpMs} ms  CLS ${best.cls}` +
        (best.failing.length ? `\n            below 1: ${best.failing.join(', ')}` : ''),
    );
  }

  console.log('\n| page | Performance | Accessibility | Best Practices | SEO | LCP | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ` +
        `${(row.lcpMs / 1000).toFixed(1)} s | ${row.cls} |`,
    );
  }
  const resultsDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ runs: RUNS, rows }, null, 2));
  console.log(`\nwritten ${path.relative(ROOT, file)}${args.keep ? `; reports kept in ${dataDir}` : ''}`);
} finally {
  await server.stop();
  if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
