import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { assertNoSidewaysScroll, makePhoto, startPartsSuite, type PartsSuite } from './support/parts.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import type { RunningServer } from './support/server.js';

const ADD = '/nuovocomponente';

/** What the clerk types, by visible label. */
const FIELDS: Record<string, string> = {
  Nome: 'Centralina motore Bosch',
  Descrizione: 'Smontata da vettura incidentata, funzionante',
  Categoria: 'Elettronica',
  Codice: '0261S04',
  Condizione: 'Usato garantito',
  'Peso (Kg)': '0.85',
  Scaffale: 'E',
  Campata: '4',
  Ripiano: '1',
  Cassetta: '12',
  'Anno di immatricolazione': '2011',
  Marca: 'Fiat',
  Modello: 'Panda',
  Versione: '1.2 Dynamic',
};

async function fillForm(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(FIELDS)) {
    const role = label === 'Peso (Kg)' ? 'spinbutton' : 'textbox';
    await page.getByRole(role, { name: label, exact: true }).fill(value);
  }
}

describe('add part in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: StorageState;

  let suite: PartsSuite | undefined;

  beforeAll(async () => {
    suite = await startPartsSuite();
    ({ server, browser, signedIn } = suite);
  });
  afterAll(async () => {
    await suite?.close();
  });

  it('uploads a real photo with progress and preview, adds the part, and lists it with its thumbnail', async () => {
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(server.url + ADD);
      await page.getByRole('heading', { name: 'Aggiungi nuovo componente' }).waitFor();
      expect(await page.title()).toBe('Aggiungi nuovo componente · Magazzino Ricambi');
      const uploadButton = page.getByRole('button', { name: 'Carica Immagine' });
      expect(await uploadButton.isDisabled()).toBe(true);

      const photo = await makePhoto(1200, 900, 7);
      await page.getByLabel('Immagine del componente').setInputFiles({
        name: 'centralina.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      expect(await uploadButton.isEnabled()).toBe(true);

      // A slow uplink (≈ 250 KB/s) so the progress can be seen, as on a warehouse Wi-Fi.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 250_000,
      });
      const progressSeen: string[] = [];
      await uploadButton.click();
      const busy = page.getByRole('button', { name: 'uploading...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      const bar = page.getByRole('progressbar', { name: 'Avanzamento del caricamento' });
      await bar.waitFor();
      while (await bar.isVisible()) {
        const text = await bar.innerText().catch(() => '');
        if (text !== '' && progressSeen.at(-1) !== text) progressSeen.push(text);
        await page.waitForTimeout(50);
      }
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      // e.g. 0% 6% 11% … 95% 100%: intermediate values, never going back.
      expect(progressSeen.every((text) => /^\d{1,3}%$/.test(text))).toBe(true);
      const percents = progressSeen.map((text) => Number.parseInt(text, 10));
      expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));

      const preview = page.getByRole('img', { name: 'Anteprima dell’immagine caricata' });
      await preview.waitFor();
      const previewSrc = await preview.getAttribute('src');
      expect(previewSrc).toMatch(/^\/media\/[^/]+\.webp$/);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('.parts-preview-image');
        return image !== null && image.complete && image.naturalWidth > 0;
      });

      await fillForm(page);
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
      const modal = page.getByRole('dialog', { name: 'Componente AGGIUNTO' });
      await modal.getByText('Componente inserito correttamente!').waitFor();
      await modal.getByRole('button', { name: 'Chiudi' }).click();
      await modal.waitFor({ state: 'detached' });
      // Ready for the next part: the form and the photo are cleared.
      expect(await page.getByRole('textbox', { name: 'Nome', exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('spinbutton', { name: 'Peso (Kg)' }).inputValue()).toBe('');
      expect(await preview.count()).toBe(0);
      expect(await uploadButton.isDisabled()).toBe(true);

      await page.goto(`${server.url}/elencocomponenti?nome=centralina`);
      const thumb = page.getByRole('button', { name: 'Ingrandisci la foto di Centralina motore Bosch' });
      await thumb.waitFor();
      const thumbSrc = await thumb.locator('img').getAttribute('src');
      expect(thumbSrc).toMatch(/^\/media\/.+/);
      expect(thumbSrc).not.toBe(previewSrc);
      await page.getByText('0,85 Kg').waitFor();
      await page.getByText('CASSETTA: 12').waitFor();
    } finally {
      await context.close();
    }
  });

  it('says in Italian which fields are missing, and shows a refused file beside the picker', async () => {
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(server.url + ADD);
      await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
      await page.getByText('Il nome è obbligatorio').waitFor();
      await page.getByText('La categoria è obbligatoria').waitFor();
      await page.getByText('Il peso è obbligatorio').waitFor();
      expect(
        await page.getByRole('textbox', { name: 'Nome', exact: true }).getAttribute('aria-invalid'),
      ).toBe('true');

      await page.getByLabel('Immagine del componente').setInputFiles({
        name: 'listino.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('questo non è un JPEG'),
      });
      await page.getByRole('button', { name: 'Carica Immagine' }).click();
      const error = page.locator('[role="alert"]', { hasText: 'Caricamento dell’immagine non riuscito' });
      await error.waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('passes axe in both themes and is photographed', async () => {
    const results = await checkScreen(browser, {
      baseUrl: server.url,
      path: ADD,
      name: 'parts-add',
      storageState: signedIn,
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
