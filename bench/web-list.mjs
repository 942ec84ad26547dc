// `node bench/web-list.mjs [--count 100000] [--runs 5] [--photos 20]`
// Two browser measurements of the parts list ('Elenco Componenti'), with the BUILT app
// (`npm run build` first) and Debian's Chromium through playwright-core:
//   1. bytes transferred by a fresh load of the list showing 20 parts with photos (every
//      resource: document, scripts, styles, API calls, thumbnails), from Chromium's network log;
//   2. time from navigation to the table rendered with N parts (default 100,000) in the database,
//      cold (new browser profile) and warm (reload), median of --runs.
// Prints a summary and writes JSON to bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { request, signIn, startServer, stats } from './harness.mjs';
import { requireBuiltServer, ROOT, seedParts } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    photos: { type: 'string', default: '20' },
  },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);
const PHOTOS = Number(args.photos);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROWS = 'table.parts-table tbody tr';

requireBuiltServer();
if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run "npm run build" first.');
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
});

/** A 1600×1200 JPEG that compresses like a photo: smooth shapes and light sensor noise. */
function photo(seed) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const noise = ((state >>> 24) & 15) - 8;
      const i = (y * width + x) * 3;
      const shape = Math.sin((x + seed * 37) / 90) * Math.cos((y - seed * 11) / 70) * 60;
      pixels[i] = Math.max(0, Math.min(255, 120 + shape + (x / width) * 80 + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 100 + shape / 2 + (y / height) * 60 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 - shape / 3 + seed * 5 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A browser context carrying the session cookie of `cookieHeader` for `baseUrl`. */
async function signedInContext(baseUrl, cookieHeader) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cookies = cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
    });
  await context.addCookies(cookies);
  return context;
}

/** Totals of a network log: bytes on the wire (headers included) by resource type. */
function summarize(entries) {
  const byType = {};
  for (const entry of entries) {
    const type = entry.type === 'Fetch' || entry.type === 'XHR' ? 'API' : entry.type;
    byType[type] ??= { requests: 0, bytes: 0 };
    byType[type].requests += 1;
    byType[type].bytes += entry.bytes;
  }
  const thumbnails = entries.filter((entry) => /\/media\/[^/]+-thumb\.webp$/.test(entry.url));
  return {
    totalBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    requests: entries.length,
    byType,
    thumbnails: thumbnails.length,
    thumbnailBytes: thumbnails.reduce((sum, entry) => sum + entry.bytes, 0),
    fullImagesLoaded: entries.filter((entry) => /\/media\/[0-9a-f]+\.webp$/.test(entry.url)).length,
  };
}

/** Measurement 1: bytes of a fresh load of the list with PHOTOS parts that have photos. */
async function measureBytes() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-bytes-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookie = await signIn(server.url);
    let uploaded = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const body = new FormData();
      body.append('my_file', new Blob([await photo(i + 1)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
      const res = await fetch(`${server.url}/api/componenti/upload`, {
        method: 'POST',
        headers: { cookie },
        body,
      });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      const { secure_url: urlImmagine, bytes } = await res.json();
      uploaded += bytes;
      const created = await request(server.url, '/api/componenti/crea-componente', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          nome: `Faro anteriore ${i + 1}`,
          descrizione: 'Gruppo ottico completo',
          categoria: 'Illuminazione',
          codice: `FA-${1000 + i}`,
          condizione: 'Buona',
          peso: 1.5,
          scaffale: 'A',
          campata: '1',
          ripiano: String(i % 4),
          cassetta: String(i),
          marca: 'Fiat',
          modello: 'Punto',
          versione: '1.2 8V',
          annoImmatricolazione: '2004',
          urlImmagine,
        }),
      });
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
    }

    const context = await signedInContext(server.url, cookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) =>
      requests.set(requestId, { type, url: response.url, status: response.status, bytes: 0 }),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await page.goto(`${server.url}/elencocomponenti?perPagina=20`);
    await page.waitForFunction(
      (selector) => globalThis.document.querySelectorAll(selector).length === 20,
      ROWS,
    );
    await page.waitForLoadState('networkidle');
    // Thumbnails load lazily: first what a fresh load fetches, then after scrolling to the end.
    const onLoad = summarize([...requests.values()]);
    await page.evaluate(async () => {
      const step = globalThis.innerHeight / 2;
      for (let y = 0; y <= globalThis.document.body.scrollHeight; y += step) {
        globalThis.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForFunction(() =>
      [...globalThis.document.querySelectorAll('.parts-thumb-button img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await page.waitForLoadState('networkidle');
    const scrolled = summarize([...requests.values()]);
    const result = { parts: 20, averageStoredImageBytes: Math.round(uploaded / PHOTOS), onLoad, scrolled };
    await context.close();
    return result;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Milliseconds from navigation start to `rows` rows in the table, measured in the page; with when
 * the list call started and how long it took (Resource Timing).
 */
async function timeToTable(page, url, rows) {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ selector, n }) =>
      globalThis.document.querySelectorAll(selector).length === n ? performance.now() : false,
    { selector: ROWS, n: rows },
  );
  const total = await handle.jsonValue();
  const api = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .findLast((e) => e.name.includes('/api/componenti?'));
    return entry ? { start: entry.startTime, ms: entry.responseEnd - entry.startTime } : null;
  });
  return { total, apiStart: api?.start ?? NaN, apiMs: api?.ms ?? NaN };
}

/** Measurement 2: navigation → table with COUNT parts in the database, cold and warm. */
async function measureTime() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-time-'));
  const seeded = await seedParts({ dataDir, count: COUNT });
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookie = await signIn(server.url);
    const head = await request(server.url, '/api/componenti?limit=5&offset=0', { headers: { cookie } });
    if (Number(head.headers['x-total-count']) !== COUNT) {
      throw new Error(`expected ${COUNT} parts, the server counts ${head.headers['x-total-count']}`);
    }
    const result = { parts: COUNT, seedMs: seeded.ms };
    for (const [name, query, rows] of [
      ['default page (5 rows)', '', 5],
      ['20 rows', '?perPagina=20', 20],
      ['filtered (marca=fiat, 5 rows)', '?marca=fiat', 5],
    ]) {
      const url = `${server.url}/elencocomponenti${query}`;
      const cold = [];
      const warm = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await signedInContext(server.url, cookie);
        const page = await context.newPage();
        cold.push(await timeToTable(page, url, rows));
        warm.push(await timeToTable(page, url, rows));
        await context.close();
      }
      const summary = (samples) => ({
        total: stats(samples.map((s) => s.total)),
        apiStart: stats(samples.map((s) => s.apiStart)),
        apiMs: stats(samples.map((s) => s.apiMs)),
      });
      result[name] = { cold: summary(cold), warm: summary(warm) };
    }
    return result;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const bytes = await measureBytes();
  for (const [name, m] of [
    ['fresh load', bytes.onLoad],
    ['after scrolling through all 20', bytes.scrolled],
  ]) {
    console.log(
      `\nList page with 20 parts with photos, ${name}: ${m.totalBytes.toLocaleString('it-IT')} bytes in ${m.requests} requests`,
    );
    console.log(`  by type: ${JSON.stringify(m.byType)}`);
    console.log(
      `  ${m.thumbnails} thumbnails = ${m.thumbnailBytes.toLocaleString('it-IT')} bytes; full images loaded: ${m.fullImagesLoaded}`,
    );
  }
  console.log(
    `  (stored display images average ${bytes.averageStoredImageBytes.toLocaleString('it-IT')} bytes each)`,
  );
  const time = await measureTime();
  console.log(
    `\nNavigation → table rendered, ${COUNT.toLocaleString('it-IT')} parts (seeded in ${time.seedMs} ms):`,
  );
  for (const [name, value] of Object.entries(time)) {
    if (typeof value !== 'object') continue;
    for (const kind of ['cold', 'warm']) {
      const m = value[kind];
      console.log(
        `  ${name}, ${kind}: table after ${m.total.median} ms median (p95 ${m.total.p95});` +
          ` list call started at ${m.apiStart.median} ms and took ${m.apiMs.median} ms`,
      );
    }
  }
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `web-list-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ bytes, time, runs: RUNS }, null, 2));
  console.log(`\n${path.relative(ROOT, file)}`);
} finally {
  await browser.close();
}
