// `node bench/web-entry.mjs [--runs 3] [--delay 60]`
// How long a clerk takes to register parts on 'Aggiungi nuovo componente', with the BUILT app
// (`npm run build` first) in Debian's Chromium through playwright-core: a first part of a vehicle
// (every field typed) and a second part of the same vehicle (what 'Chiudi' keeps is not typed
// again), each with a photo, on a desktop (1280×800, mouse and keyboard) and on a phone
// (390×844, touch). Typing is at a fixed full speed (--delay ms per key, 60 by default) with no
// pauses; clicks and taps on the page are counted (keys, the phone keyboard's 'Avanti' included,
// are counted apart). The clock runs from the first action on the form (part 1) or from the
// 'Chiudi' that ends the previous part (part 2) until 'Componente aggiunto' appears, so it
// includes the photo's upload and the save. Prints a table and writes JSON to bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { request, signIn, startServer } from './harness.mjs';
import { requireBuiltServer, ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    delay: { type: 'string', default: '60' },
  },
});
const RUNS = Number(args.runs);
const DELAY = Number(args.delay);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

requireBuiltServer();
if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run "npm run build" first.');
  process.exit(1);
}

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, touch: false },
  phone: { viewport: { width: 390, height: 844 }, touch: true },
};

/** The vehicle and shelf of the batch: typed for the first part only. */
const VEHICLE = {
  marca: 'Fiat',
  modello: 'Panda',
  versione: '1.2 Dynamic',
  annoImmatricolazione: '2011',
  scaffale: 'E',
  campata: '4',
  ripiano: '1',
};

/** A photo as a phone takes it: 4032×3024 JPEG that compresses like a picture (noise over shapes). */
async function phonePhoto() {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 2_654_435_761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const noise = ((state >>> 24) & 15) - 8;
      const i = (y * width + x) * 3;
      const shape = Math.sin(x / 240) * Math.cos(y / 190) * 60;
      pixels[i] = Math.max(0, Math.min(255, 130 + shape + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 110 + shape / 2 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 - shape / 3 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The categories and conditions a yard already has (the combobox offers them). */
async function seedInUse(url, cookie) {
  const parts = [
    ['Faro anteriore', 'Illuminazione', 'Buona'],
    ['Paraurti anteriore', 'Carrozzeria', 'Buona'],
    ['Centralina motore', 'Elettronica', 'Da revisionare'],
    ['Pinza freno', 'Freni', 'Ottima'],
  ];
  for (const [nome, categoria, condizione] of parts) {
    const res = await request(url, '/api/componenti/crea-componente', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        nome,
        categoria,
        condizione,
        marca: 'Lancia',
        modello: 'Ypsilon',
        annoImmatricolazione: '2008',
        scaffale: 'A',
        campata: '1',
        ripiano: '1',
        cassetta: '1',
      }),
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${res.text}`);
  }
}

/**
 * A clerk on one device: clicks or taps (counted), keys at DELAY ms each (counted apart), and
 * nothing else. Playwright scrolls a field into view before a tap, as the clerk's thumb would.
 */
function clerk(page, touch) {
  const counts = { taps: 0, keys: 0 };
  return {
    counts,
    /** A click (desktop) or tap (phone) on `locator`. */
    async tap(locator) {
      counts.taps += 1;
      if (touch) await locator.tap();
      else await locator.click();
    },
    /** Typed into the focused field, one key every DELAY ms. */
    async type(text) {
      counts.keys += [...text].length;
      await page.keyboard.type(text, { delay: DELAY });
    },
    /** One key (Enter: the phone keyboard's 'Avanti'; Tab; arrows), after DELAY ms. */
    async press(key) {
      counts.keys += 1;
      await page.waitForTimeout(DELAY);
      await page.keyboard.press(key);
    },
    /** Chooses the photo: a click or tap on the picker, then the file. */
    async choosePhoto(photo) {
      counts.taps += 1;
      // The picker's label, drawn as a button (the file input itself is hidden behind it).
      const picker = page.locator('label', { hasText: 'Scegli dalle foto' });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        touch ? picker.tap() : picker.click(),
      ]);
      await chooser.setFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    },
  };
}

/**
 * Picks a value in use in a combobox, as the clerk does: types its first letters, then takes it
 * from the list (a tap on the phone, ↓ and Enter on a desktop).
 */
async function choose(page, who, touch, prefix, value) {
  await who.type(prefix);
  const option = page.getByRole('option', { name: new RegExp(`^${value}`) });
  await option.waitFor();
  if (touch) {
    await who.tap(option);
  } else {
    await who.press('ArrowDown');
    await who.press('Enter');
  }
}

const field = (page, name) => page.locator(`[name="${name}"]`);

/** Part 1: every field typed, field after field ('Avanti'/Enter), with a photo. */
async function firstPart(page, who, touch, photo, n) {
  await who.tap(field(page, 'nome'));
  await who.type(`Faro anteriore sinistro ${n}`);
  await who.press('Enter');
  await choose(page, who, touch, 'Illu', 'Illuminazione');
  await who.press('Enter');
  await choose(page, who, touch, 'Buo', 'Buona');
  await who.press('Enter');
  await who.type(`51787${n}`);
  await who.press('Enter');
  await who.type('1,5');
  await who.press('Enter');
  await who.type('Completo di lampade');
  // The description is a text area (Enter is a new line): on to the vehicle by its field.
  if (touch) await who.tap(field(page, 'marca'));
  else await who.press('Tab');
  const order = ['marca', 'modello', 'versione', 'annoImmatricolazione', 'scaffale', 'campata', 'ripiano'];
  for (const name of order) {
    await who.type(VEHICLE[name]);
    await who.press('Enter');
  }
  await who.type(String(n));
  await who.choosePhoto(photo);
  await who.tap(page.getByRole('button', { name: 'Aggiungi Componente' }));
}

/** Part 2, after 'Chiudi': the cursor is on Nome; vehicle and shelf are kept. */
async function secondPart(page, who, touch, photo, n) {
  await who.type(`Fanale posteriore destro ${n}`);
  await who.press('Enter');
  await choose(page, who, touch, 'Illu', 'Illuminazione');
  await who.press('Enter');
  await choose(page, who, touch, 'Buo', 'Buona');
  await who.tap(field(page, 'cassetta'));
  await who.type(String(n + 1));
  await who.choosePhoto(photo);
  await who.tap(page.getByRole('button', { name: 'Aggiungi Componente' }));
}

/** One run on one device: both parts, timed and counted, checked against what the server stored. */
async function run(browser, url, cookie, device, photo, n) {
  const { viewport, touch } = DEVICES[device];
  const context = await browser.newContext({
    viewport,
    hasTouch: touch,
    isMobile: touch,
    deviceScaleFactor: touch ? 3 : 1,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
  const page = await context.newPage();
  try {
    await page.goto(`${url}/nuovocomponente`);
    await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
    // The values in use have arrived (the clerk sees the form settled).
    await page.waitForLoadState('networkidle');
    const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });

    const who1 = clerk(page, touch);
    let start = performance.now();
    await firstPart(page, who1, touch, photo, n);
    await modal.waitFor();
    const first = { ms: Math.round(performance.now() - start), ...who1.counts };

    const who2 = clerk(page, touch);
    start = performance.now();
    await who2.tap(modal.getByRole('button', { name: 'Chiudi' }));
    await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute('name') === 'nome');
    await secondPart(page, who2, touch, photo, n);
    await modal.waitFor();
    const second = { ms: Math.round(performance.now() - start), ...who2.counts };

    // What the clerk meant is what was stored: the second part with the first one's vehicle and a photo.
    const res = await request(
      url,
      `/api/componenti?nome=${encodeURIComponent(`Fanale posteriore destro ${n}`)}`,
      {
        headers: { cookie },
      },
    );
    const [stored] = JSON.parse(res.text);
    for (const [name, value] of Object.entries(VEHICLE)) {
      if (stored?.[name] !== value)
        throw new Error(`second part: ${name} is ${stored?.[name]}, not ${value}`);
    }
    if (!stored?.urlImmagine) throw new Error('second part saved without its photo');
    if (stored.categoria !== 'Illuminazione' || stored.codice !== null)
      throw new Error('second part differs');
    return { first, second };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-entry-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
});
try {
  const cookie = await signIn(server.url);
  await seedInUse(server.url, cookie);
  const photo = await phonePhoto();
  const results = {};
  let n = 0;
  for (const device of Object.keys(DEVICES)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      n += 10;
      runs.push(await run(browser, server.url, cookie, device, photo, n));
    }
    const summary = (part) => ({
      medianMs: median(runs.map((r) => r[part].ms)),
      runsMs: runs.map((r) => r[part].ms),
      taps: runs[0][part].taps,
      keys: runs[0][part].keys,
    });
    results[device] = { first: summary('first'), second: summary('second') };
  }

  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Registering parts with a ${(photo.length / 1e6).toFixed(1)} MB photo, typing at ${DELAY} ms per key (median of ${RUNS}):`,
  );
  console.log('device   part     time      clicks/taps  keys');
  for (const [device, parts] of Object.entries(results)) {
    for (const [part, r] of Object.entries(parts)) {
      console.log(
        `${device.padEnd(8)} ${part.padEnd(8)} ${seconds(r.medianMs).padEnd(9)} ${String(r.taps).padEnd(12)} ${r.keys}`,
      );
    }
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(
    ROOT,
    'bench/results',
    `web-entry-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.writeFileSync(
    file,
    JSON.stringify({ delayMsPerKey: DELAY, runs: RUNS, photoBytes: photo.length, results }, null, 2),
  );
  console.log(`Written ${path.relative(ROOT, file)}`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
