import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Part } from '@magazzino/contract';
import { saveScreenshot, seriousAxeViolations } from './support/browser.js';
import {
  assertNoSidewaysScroll,
  columnTexts,
  makePhoto,
  usePartsSuite,
  type PartsSuite,
} from './support/parts.js';
import { eventually } from './support/poll.js';
import { endSessionOnServer } from './support/session.js';
import {
  checkScreen,
  describeViolations,
  openPage,
  switchTheme,
  THEMES,
  VIEWPORT_NAMES,
  type ScreenResult,
} from './support/screens.js';

const ADD = '/nuovocomponente';

/** What the clerk types, by visible label. */
const FIELDS: Record<string, string> = {
  Nome: 'Centralina motore Bosch',
  Descrizione: 'Smontata da vettura incidentata, funzionante',
  Categoria: 'Elettronica',
  Codice: '0261S04',
  Condizione: 'Usato garantito',
  'Peso (Kg)': '0,85',
  Scaffale: 'E',
  Campata: '4',
  Ripiano: '1',
  Cassetta: '12',
  'Anno di immatricolazione': '2011',
  Marca: 'Fiat',
  Modello: 'Panda',
  Versione: '1.2 Dynamic',
};

/** The fields chosen among the values in use (comboboxes); the others are text boxes. */
const COMBOBOXES = new Set(['Categoria', 'Condizione']);

/** A field of the add form by its visible label. */
function field(page: Page, label: string) {
  return page.getByRole(COMBOBOXES.has(label) ? 'combobox' : 'textbox', { name: label, exact: true });
}

async function fillForm(page: Page, overrides: Record<string, string> = {}): Promise<void> {
  for (const [label, value] of Object.entries({ ...FIELDS, ...overrides })) {
    await field(page, label).fill(value);
  }
}

/** Slows the page's uplink (≈ 250 KB/s, a warehouse Wi-Fi) so an upload takes a while; 0 = no limit. */
async function throttleUpload(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond > 0 ? 20 : 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond > 0 ? bytesPerSecond : -1,
  });
}

/** The part the API has under a code (the newest one). */
async function partByCode(suite: Pick<PartsSuite, 'api' | 'server'>, codice: string): Promise<Part> {
  const res = await suite.api.request.get(
    `${suite.server.url}/api/componenti?q=${encodeURIComponent(codice)}&limit=1`,
  );
  const [part] = (await res.json()) as Part[];
  if (!part) throw new Error(`no part with code ${codice}`);
  return part;
}

describe('add part in Chromium', () => {
  const suite = usePartsSuite();

  it('uploads a real photo with progress and preview, adds the part, and lists it with its thumbnail', async () => {
    const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn });
    try {
      await page.goto(suite.server.url + ADD);
      await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
      // The title is set by an effect, after the heading is drawn.
      await eventually(() => page.title()).toBe('Aggiungi nuovo componente · Magazzino Ricambi');

      // A slow uplink so the progress can be seen; choosing the photo starts its upload.
      await throttleUpload(context, page, 250_000);
      const barName = 'Avanzamento del caricamento della foto 1';
      // Every value the bar shows, recorded in the page as it is drawn: samples taken from here
      // could miss them all on a busy machine. 'Riduzione della foto…' while the photo is made
      // smaller, then the percentage sent.
      await page.evaluate((name) => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector(`[role="progressbar"][aria-label="${name}"]`);
          const text = bar?.getAttribute('aria-valuetext') ?? '';
          if (text.endsWith('%') && seen.at(-1) !== text) seen.push(text);
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuetext'],
        });
      }, barName);
      await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
        name: 'centralina.jpg',
        mimeType: 'image/jpeg',
        buffer: await makePhoto(1200, 900, 7),
      });
      const bar = page.getByRole('progressbar', { name: barName });
      await bar.waitFor();
      await bar.waitFor({ state: 'hidden' });
      const progressSeen = await page.evaluate(
        () => (window as unknown as { progressSeen: string[] }).progressSeen,
      );
      await throttleUpload(context, page, 0);
      // e.g. 0% 6% 11% … 95% 100%: intermediate values, never going back.
      expect(progressSeen.filter((text) => !/^\d{1,3}%$/.test(text))).toEqual([]);
      const percents = progressSeen.map((text) => Number.parseInt(text, 10));
      const intermediate = percents.filter((p) => p > 0 && p < 100);
      expect(intermediate.length, `progress shown: ${progressSeen.join(' ')}`).toBeGreaterThan(0);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));

      const preview = page.getByRole('list', { name: 'Foto scelte' }).getByRole('img', { name: 'Foto 1' });
      await preview.waitFor();
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('.photos-image');
        return image?.getAttribute('src')?.startsWith('/media/') && image.complete && image.naturalWidth > 0;
      });
      const previewSrc = await preview.getAttribute('src');
      expect(previewSrc).toMatch(/^\/media\/[^/]+-thumb\.webp$/);

      await fillForm(page);
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
      const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });
      await modal.getByText('Componente inserito correttamente!').waitFor();
      await modal.getByRole('button', { name: 'Chiudi' }).click();
      await modal.waitFor({ state: 'detached' });
      // Ready for the next part of the same vehicle: its own fields and the photo are cleared.
      expect(await page.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('textbox', { name: 'Peso (Kg)' }).inputValue()).toBe('');
      expect(await page.getByRole('textbox', { name: 'Marca' }).inputValue()).toBe('Fiat');
      expect(await preview.count()).toBe(0);

      await page.goto(`${suite.server.url}/elencocomponenti?nome=centralina`);
      const thumb = page.getByRole('button', { name: 'Ingrandisci la foto di Centralina motore Bosch' });
      await thumb.waitFor();
      const thumbSrc = await thumb.locator('img').getAttribute('src');
      // The list shows the cover's thumbnail, the one the form showed.
      expect(thumbSrc).toBe(previewSrc);
      await page.getByText('0,85 Kg').waitFor();
      await page.getByText('Scaffale E, campata 4, ripiano 1, cassetta 12').waitFor({ state: 'attached' });
    } finally {
      await context.close();
    }
  });

  it('says in Italian which fields are missing, and shows a refused file beside the picker', async () => {
    const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn });
    try {
      await page.goto(suite.server.url + ADD);
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
      await page.getByText('Il nome è obbligatorio').waitFor();
      await page.getByText('La categoria è obbligatoria').waitFor();
      // Descrizione, codice, peso and versione may be left empty.
      expect(await page.getByText('Il peso è obbligatorio').count()).toBe(0);
      expect(await page.getByText('Il codice è obbligatorio').count()).toBe(0);
      expect(
        await page.getByRole('textbox', { name: 'Nome', exact: true }).getAttribute('aria-invalid'),
      ).toBe('true');

      await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
        name: 'listino.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('questo non è un JPEG'),
      });
      // Refused at once: the upload started when the file was chosen.
      const error = page.locator('[role="alert"]', { hasText: 'listino.jpg non è stata caricata' });
      await error.waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`on a ${viewport}: saves 1,8 as 1.8 Kg and keeps a photo chosen just before saving`, async () => {
      const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn, viewport });
      try {
        await page.goto(suite.server.url + ADD);
        await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
        const codice = `FARO-${viewport}-${Date.now().toString(36)}`;
        await fillForm(page, { Codice: codice, 'Peso (Kg)': '1,8' });
        // The peso field reads the comma; on a phone it asks for the decimal keypad.
        const peso = page.getByRole('textbox', { name: 'Peso (Kg)' });
        expect(await peso.getAttribute('inputmode')).toBe('decimal');
        await throttleUpload(context, page, 250_000);
        await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
          name: 'faro.jpg',
          mimeType: 'image/jpeg',
          buffer: await makePhoto(1200, 900, 11),
        });
        // Straight to 'Aggiungi Componente', without waiting for the photo or pressing anything else.
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        await page
          .getByText('Il componente sarà salvato appena le foto avranno finito di caricarsi…')
          .waitFor();
        await throttleUpload(context, page, 0);
        await page.getByRole('dialog', { name: 'Componente aggiunto' }).waitFor();

        const stored = await partByCode(suite, codice);
        expect(stored.peso).toBe(1.8);
        expect(stored.urlImmagine).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
        expect(stored.urlMiniatura).toMatch(/-thumb\.webp$/);
      } finally {
        await context.close();
      }
    });
  }

  it('loses nothing when the session ends under a half-filled form, nor on a reload', async () => {
    // A clerk of their own, so ending the session does not sign the other tests out.
    const { context, page } = await openPage(suite.browser);
    try {
      const email = `sessione.${Date.now().toString(36)}@example.it`;
      const password = 'Ricambi-2025!';
      const signup = await page.request.post(`${suite.server.url}/api/users/signup`, {
        data: { email, password, username: 'Addetto sessione' },
      });
      // Not the first account: the sign-up is accepted (SIGNUP=open in the tests), then it signs in.
      expect(signup.status()).toBe(202);
      const login = await page.request.post(`${suite.server.url}/api/users/login`, {
        data: { email, password },
      });
      expect(login.status()).toBe(200);
      await page.goto(suite.server.url + ADD);
      await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
      const codice = `SESS-${Date.now().toString(36)}`;
      await fillForm(page, { Codice: codice, 'Peso (Kg)': '2,5' });
      await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
        name: 'motorino.jpg',
        mimeType: 'image/jpeg',
        buffer: await makePhoto(800, 600, 5),
      });
      // Stored: the grid shows the server's thumbnail (the draft keeps stored photos only).
      const storedPhoto = page.locator('.photos-image[src^="/media/"]');
      await storedPhoto.waitFor();

      // A reload keeps every field and the photo.
      await page.reload();
      await page.getByText(/Abbiamo ripristinato i dati non salvati/).waitFor();
      expect(await page.getByRole('textbox', { name: 'Codice' }).inputValue()).toBe(codice);
      expect(await page.getByRole('textbox', { name: 'Peso (Kg)' }).inputValue()).toBe('2,5');
      await storedPhoto.waitFor();

      // The session ends on the server (expired, revoked) while the clerk is still typing.
      await endSessionOnServer(page, suite.server.url);
      await page.getByRole('textbox', { name: 'Descrizione' }).fill('Scritta dopo la scadenza');
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();

      await page.waitForURL(`${suite.server.url}/login`);
      await page.getByText(/La sessione è scaduta/).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();

      await page.waitForURL(suite.server.url + ADD);
      await page.getByText(/Abbiamo ripristinato i dati non salvati/).waitFor();
      expect(await page.getByRole('textbox', { name: 'Descrizione' }).inputValue()).toBe(
        'Scritta dopo la scadenza',
      );
      await storedPhoto.waitFor();
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
      await page.getByRole('dialog', { name: 'Componente aggiunto' }).waitFor();

      const stored = await partByCode(suite, codice);
      expect(stored.descrizione).toBe('Scritta dopo la scadenza');
      expect(stored.peso).toBe(2.5);
      expect(stored.urlImmagine).toMatch(/^\/media\//);
      // Saved: the draft is gone, a new visit starts empty.
      await page.goto(suite.server.url + ADD);
      await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Codice' }).inputValue()).toBe('');
      expect(await page.getByText(/Abbiamo ripristinato/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const viewport of VIEWPORT_NAMES) {
    it(`on a ${viewport}: 'carrozzeria' joins 'Carrozzeria', offered by the combobox ignoring case`, async () => {
      const before = await suite.createPart({ categoria: 'Carrozzeria', condizione: 'Buona' });
      const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn, viewport });
      try {
        await page.goto(suite.server.url + ADD);
        const categoria = field(page, 'Categoria');
        await categoria.pressSequentially('carrozzeria');
        const list = page.getByRole('listbox', { name: 'Categorie esistenti' });
        await list.getByRole('option', { name: /^Carrozzeria \d+ component/ }).waitFor();
        // Typed as it is in use, but for a capital letter: no new category is offered.
        expect(await list.getByRole('option', { name: /Nuova categoria/ }).count()).toBe(0);
        const codice = `CARR-${viewport}-${Date.now().toString(36)}`;
        if (viewport === 'phone') {
          // A tap on the existing one.
          await list.getByRole('option', { name: /^Carrozzeria/ }).click();
          expect(await categoria.inputValue()).toBe('Carrozzeria');
          await fillForm(page, { Categoria: 'Carrozzeria', Codice: codice, Condizione: 'buona' });
        } else {
          // Left as typed, in lower case.
          const { Categoria: _categoria, ...rest } = FIELDS;
          for (const [label, value] of Object.entries({ ...rest, Codice: codice, Condizione: 'buona' })) {
            await field(page, label).fill(value);
          }
        }
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        await page.getByRole('dialog', { name: 'Componente aggiunto' }).waitFor();
        const stored = await partByCode(suite, codice);
        expect(stored).toMatchObject({ categoria: 'Carrozzeria', condizione: before.condizione });
        const categories = (await (
          await suite.api.request.get(`${suite.server.url}/api/componenti/categorie`)
        ).json()) as { categoria: string }[];
        expect(categories.filter((row) => row.categoria.toLowerCase() === 'carrozzeria')).toEqual([
          expect.objectContaining({ categoria: 'Carrozzeria' }),
        ]);
      } finally {
        await context.close();
      }
    });

    it(`on a ${viewport}: batch entry keeps the vehicle after 'Chiudi', 'Nuovo veicolo' clears it, empty fields show '—'`, async () => {
      const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn, viewport });
      try {
        await page.goto(suite.server.url + ADD);
        await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
        // Grouped, with the phone keyboard's 'Avanti' on the one-line fields.
        for (const legend of ['Componente', 'Veicolo', 'Ubicazione', 'Foto']) {
          await page.getByRole('group', { name: legend }).waitFor();
        }
        expect(await field(page, 'Nome').getAttribute('enterkeyhint')).toBe('next');
        const tag = `${viewport}${Date.now().toString(36)}`;
        await fillForm(page, { Nome: `Centralina ${tag}`, Codice: `BATCH-${tag}` });
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });
        await modal.getByText(/«Chiudi» tiene il veicolo \(Fiat Panda 1\.2 Dynamic 2011\)/).waitFor();
        await modal.getByRole('button', { name: 'Chiudi' }).click();
        await modal.waitFor({ state: 'detached' });

        const kept = {
          Marca: 'Fiat',
          Modello: 'Panda',
          Versione: '1.2 Dynamic',
          'Anno di immatricolazione': '2011',
          Scaffale: 'E',
          Campata: '4',
          Ripiano: '1',
        };
        for (const [label, value] of Object.entries(kept))
          expect(await field(page, label).inputValue()).toBe(value);
        for (const label of [
          'Nome',
          'Descrizione',
          'Categoria',
          'Codice',
          'Condizione',
          'Peso (Kg)',
          'Cassetta',
        ]) {
          expect(await field(page, label).inputValue(), label).toBe('');
        }
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'nome');

        // The second part: only its own fields, no code nor weight; Enter moves on.
        const second = `Alzacristallo ${tag}`;
        await page.keyboard.type(second);
        await page.keyboard.press('Enter');
        await page.keyboard.type('Elettronica');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Buona');
        await page.keyboard.press('Enter');
        await field(page, 'Cassetta').fill('13');
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        await modal.waitFor();
        await modal.getByRole('button', { name: 'Nuovo veicolo' }).click();
        await modal.waitFor({ state: 'detached' });
        for (const label of [...Object.keys(kept), 'Nome', 'Cassetta']) {
          expect(await field(page, label).inputValue(), label).toBe('');
        }
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'nome');

        const res = await suite.api.request.get(
          `${suite.server.url}/api/componenti?nome=${encodeURIComponent(second)}&limit=1`,
        );
        const [stored] = (await res.json()) as Part[];
        expect(stored).toMatchObject({
          nome: second,
          categoria: 'Elettronica',
          condizione: 'Buona',
          codice: null,
          peso: null,
          descrizione: null,
          marca: 'Fiat',
          modello: 'Panda',
          versione: '1.2 Dynamic',
          annoImmatricolazione: '2011',
          scaffale: 'E',
          campata: '4',
          ripiano: '1',
          cassetta: '13',
        });

        // Shown as '—' in the list (table or card) and on the part's page.
        await page.goto(`${suite.server.url}/elencocomponenti?nome=${encodeURIComponent(second)}`);
        if (viewport === 'desktop') {
          await page.locator('table.parts-table tbody tr').first().waitFor();
          // No OEM code: '—', then the part's own code under it.
          expect(await columnTexts(page, 'codice')).toEqual([expect.stringMatching(/^—R-\d{6}$/)]);
          expect(await columnTexts(page, 'peso')).toEqual(['—']);
        } else {
          const card = page.locator('.parts-card').first();
          await card.waitFor();
          expect(await card.innerText()).toContain('Cod. —');
        }
        await page.goto(`${suite.server.url}/componente/${stored?._id ?? ''}`);
        const codeTerm = page.locator('dt', { hasText: /^Codice$/ });
        await codeTerm.waitFor();
        expect(await codeTerm.locator('+ dd [aria-hidden="true"]').innerText()).toBe('—');
        expect(
          await page
            .locator('dt', { hasText: /^Peso$/ })
            .locator('+ dd [aria-hidden="true"]')
            .innerText(),
        ).toBe('—');
      } finally {
        await context.close();
      }
    });
  }

  it('offers the categories in use in an open list: axe in both themes, photographed', async () => {
    await suite.createPart({ categoria: 'Carrozzeria' });
    await suite.createPart({ categoria: 'Cablaggi' });
    const results: ScreenResult[] = [];
    for (const viewport of VIEWPORT_NAMES) {
      const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn, viewport });
      try {
        await page.goto(suite.server.url + ADD);
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          const categoria = field(page, 'Categoria');
          await categoria.fill('');
          await categoria.pressSequentially('ca');
          const list = page.getByRole('listbox', { name: 'Categorie esistenti' });
          await list.getByRole('option', { name: /Nuova categoria «ca»/ }).waitFor();
          await categoria.press('ArrowDown');
          expect(await categoria.getAttribute('aria-activedescendant')).toBeTruthy();
          // Every option is finger-sized.
          const heights = await list
            .getByRole('option')
            .evaluateAll((options) => options.map((option) => option.getBoundingClientRect().height));
          expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
          await page.mouse.move(0, 0);
          const shot = `parts-add-combobox-${theme}-${viewport}`;
          results.push({ shot, violations: await seriousAxeViolations(page) });
          await saveScreenshot(page, shot);
          await categoria.press('Escape');
        }
      } finally {
        await context.close();
      }
    }
    expect(describeViolations(results)).toBe('');
  });

  it('photographs a second part of a batch being typed (docs), axe clean', async () => {
    const results = await checkScreen(suite.browser, {
      baseUrl: suite.server.url,
      path: ADD,
      name: 'parts-add-batch',
      storageState: suite.signedIn,
      ready: async (page) => {
        await fillForm(page, { Nome: 'Faro anteriore destro', Codice: '' });
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });
        await modal.getByRole('button', { name: 'Chiudi' }).click();
        await modal.waitFor({ state: 'detached' });
        await field(page, 'Nome').fill('Fanale posteriore sinistro');
        await field(page, 'Categoria').fill('Elettronica');
        await field(page, 'Condizione').fill('Usato garantito');
        await field(page, 'Cassetta').fill('13');
        await assertNoSidewaysScroll(page);
      },
    });
    expect(describeViolations(results)).toBe('');
  });

  it('passes axe in both themes and is photographed', async () => {
    const results = await checkScreen(suite.browser, {
      baseUrl: suite.server.url,
      path: ADD,
      name: 'parts-add',
      storageState: suite.signedIn,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Aggiungi Componente' }).waitFor();
        // With the field errors shown, so they are checked too.
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        await page.getByText('Il nome è obbligatorio').waitFor();
        await assertNoSidewaysScroll(page);
      },
    });
    expect(describeViolations(results)).toBe('');
  });
});
