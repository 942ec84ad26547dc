// `node bench/phone-photos.mjs [--without-downscale]`
// Photos from a phone on a slow connection, with the BUILT app (`npm run build` first) in Debian's
// Chromium through playwright-core, at phone size (390×844, touch):
//   1. the bytes uploaded for one 12 MP phone photo (4032×3024 JPEG, ~5.5 MB, EXIF orientation 6)
//      before the in-browser downscale (the file as taken: what the form sent until now) and after
//      it (the request body Chromium sent, from its network log), with the size that travelled;
//   2. the time to register a part with three such photos on Chromium's 'Fast 3G' profile (the
//      DevTools values through CDP Network.emulateNetworkConditions: 562.5 ms latency, 1.44 Mbit/s
//      down, 675 kbit/s up): the form opened, its fields filled, the three photos chosen and
//      'Aggiungi Componente' pressed at once (the save waits for the uploads), until 'Componente
//      aggiunto'. The opening of the form on Fast 3G is timed apart.
// With --without-downscale the same registration is also timed with the photos sent as taken (the
// browser's decoder switched off in the page, so the downscale keeps the original): the 'before'.
// Prints a summary and writes JSON to bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { request, signIn, startServer } from './harness.mjs';
import { requireBuiltServer, ROOT } from './seed.mjs';

const { values: args } = parseArgs({
  options: { 'without-downscale': { type: 'boolean', default: false } },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chrome DevTools' 'Fast 3G' preset (front_end/core/sdk/NetworkManager.ts), in bytes per second. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

requireBuiltServer();
if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run "npm run build" first.');
  process.exit(1);
}

/**
 * A 12 MP photo as a phone takes it: 4032×3024 JPEG, shapes under sensor noise (about 5.5 MB),
 * stored on its side with EXIF orientation 6 as phones do when held upright.
 */
async function phonePhoto(seed) {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const noise = ((state >>> 24) % 48) - 24;
      const i = (y * width + x) * 3;
      const shape = Math.sin((x + seed * 37) / 90) * Math.cos((y - seed * 11) / 70) * 60;
      pixels[i] = Math.max(0, Math.min(255, 120 + shape + (x / width) * 80 + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 100 + shape / 2 + (y / height) * 60 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 - shape / 3 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A phone's browser context carrying the session `cookie`; `asTaken` switches the decoder off. */
async function phoneContext(browser, url, cookie, asTaken) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
  // Records every file the page uploads: its bytes and its size decoded upright (with the
  // browser's decoder as it is before any other script runs).
  await context.addInitScript(() => {
    const decode = globalThis.createImageBitmap.bind(globalThis);
    const sent = [];
    globalThis.sentPhotos = sent;
    const send = globalThis.XMLHttpRequest.prototype.send;
    const { XMLHttpRequest } = globalThis;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get('my_file') : null;
      if (file instanceof File) {
        sent.push(
          decode(file, { imageOrientation: 'from-image' }).then(
            (bitmap) => ({ bytes: file.size, width: bitmap.width, height: bitmap.height }),
            () => ({ bytes: file.size, width: null, height: null }),
          ),
        );
      }
      send.call(this, body);
    };
  });
  if (asTaken) {
    // Without a decoder the downscale keeps every photo as it is: the form as it was before.
    await context.addInitScript(() => {
      globalThis.createImageBitmap = () => Promise.reject(new Error('decoder switched off'));
    });
  }
  return context;
}

const PART = {
  nome: 'Faro anteriore sinistro',
  categoria: 'Illuminazione',
  condizione: 'Buona',
  marca: 'Fiat',
  modello: 'Panda',
  annoImmatricolazione: '2011',
  scaffale: 'E',
  campata: '4',
  ripiano: '1',
  cassetta: '9',
};

/**
 * One registration on Fast 3G: the form opened (timed), the fields filled, the photos chosen and
 * the part saved at once; timed until 'Componente aggiunto'. Returns the times and every upload's
 * request body size.
 */
async function register(browser, url, cookie, photos, { asTaken, n }) {
  const context = await phoneContext(browser, url, cookie, asTaken);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const uploads = [];
    page.on('requestfinished', (req) => {
      if (req.url().endsWith('/api/componenti/upload')) uploads.push(req);
    });
    let start = performance.now();
    await page.goto(`${url}/nuovocomponente`);
    await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor({ timeout: 120_000 });
    const openMs = Math.round(performance.now() - start);
    const nome = `${PART.nome} ${n}`;
    for (const [name, value] of Object.entries({ ...PART, nome })) {
      await page.locator(`[name="${name}"]`).fill(value);
    }
    start = performance.now();
    await page
      .getByLabel('Scegli dalle foto', { exact: true })
      .setInputFiles(
        photos.map((buffer, i) => ({ name: `IMG_${4030 + i}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
    // Saved, or held back because an upload failed (on a slow uplink a big photo can outlast the
    // server's upload timeout, UPLOAD_TIMEOUT_SECONDS).
    const added = page.getByRole('dialog', { name: 'Componente aggiunto' });
    const held = page.getByText(/Una foto non è stata caricata/);
    await added
      .or(held)
      .first()
      .waitFor({ timeout: 15 * 60_000 });
    const saveMs = Math.round(performance.now() - start);
    if (await held.isVisible()) {
      const why = await page.locator('.photos-item [role="alert"]').allInnerTexts();
      return { openMs, saveMs, saved: false, why };
    }
    // Each upload's body as Chromium sent it (its Content-Length: the photo and the multipart frame).
    const bodies = await Promise.all(
      uploads.map(async (req) => Number((await req.allHeaders())['content-length'] ?? NaN)),
    );
    const files = await page.evaluate(() => Promise.all(globalThis.sentPhotos));

    // What the clerk meant is what was stored: the part with its three photos.
    const res = await request(url, `/api/componenti?nome=${encodeURIComponent(nome)}`, {
      headers: { cookie },
    });
    const [stored] = JSON.parse(res.text);
    if (stored?.immagini?.length !== photos.length) {
      throw new Error(`the part was stored with ${stored?.immagini?.length ?? 0} photos`);
    }
    return { openMs, saveMs, saved: true, uploadBodies: bodies, files };
  } finally {
    await context.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-phone-photos-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
});
try {
  const cookie = await signIn(server.url);
  const photos = [await phonePhoto(1), await phonePhoto(2), await phonePhoto(3)];
  const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

  const after = await register(browser, server.url, cookie, photos, { asTaken: false, n: 1 });
  const results = {
    profile: FAST_3G,
    photoBytes: photos.map((photo) => photo.length),
    afterDownscale: after,
  };
  console.log(`A 12 MP phone photo (4032×3024 JPEG, EXIF orientation 6):`);
  console.log(`  before the downscale: ${kB(photos[0].length)} uploaded (the file as taken)`);
  const [first] = after.files;
  console.log(
    `  after it:             ${kB(after.uploadBodies[0])} uploaded (request body; the photo ${first.width}×${first.height}, ${kB(first.bytes)})`,
  );
  console.log(`On Fast 3G (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up), phone size:`);
  console.log(`  opening 'Aggiungi nuovo componente': ${seconds(after.openMs)}`);
  console.log(
    `  registering a part with three photos (chosen → 'Componente aggiunto'): ${seconds(after.saveMs)}` +
      ` (${kB(after.uploadBodies.reduce((a, b) => a + b, 0))} uploaded)`,
  );
  if (args['without-downscale']) {
    const before = await register(browser, server.url, cookie, photos, { asTaken: true, n: 2 });
    results.withoutDownscale = before;
    console.log(
      before.saved
        ? `  the same with the photos sent as taken: ${seconds(before.saveMs)}` +
            ` (${kB(before.uploadBodies.reduce((a, b) => a + b, 0))} uploaded; one photo's request body ${kB(before.uploadBodies[0])})`
        : `  the same with the photos sent as taken: not saved after ${seconds(before.saveMs)}: ${before.why.join(' | ')}`,
    );
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(
    ROOT,
    'bench/results',
    `phone-photos-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`Written ${path.relative(ROOT, file)}`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
