import { describe, expect, it } from 'vitest';
import type { Part, PartInput } from '@magazzino/contract';
import {
  apiDeletePart,
  assertNoSidewaysScroll,
  columnTexts,
  makePhoto,
  usePartsSuite,
  waitForRows,
} from './support/parts.js';
import { eventually } from './support/poll.js';
import { checkScreen, describeViolations } from './support/screens.js';

describe('a part’s page, edit and delete in Chromium', () => {
  let photoUrl: string;
  const suite = usePartsSuite(async ({ uploadPhoto }) => {
    photoUrl = await uploadPhoto(await makePhoto(640, 480, 3));
  });

  const create = (overrides: Partial<PartInput> = {}) =>
    suite.createPart({ urlImmagine: photoUrl, ...overrides });

  it('shows a part read-only with every field, where it is and when it was added', async () => {
    const part = await create({
      nome: 'Alternatore Bosch',
      descrizione: 'Revisionato, garanzia 3 mesi',
      marca: 'Citroën',
      peso: 4.25,
      scaffale: 'G',
      campata: '2',
      ripiano: '3',
      cassetta: '12',
    });
    await suite.inPage(`/elencocomponenti?q=${encodeURIComponent('alternatore bosch')}`, async (page) => {
      await page.getByRole('link', { name: 'Visualizza Alternatore Bosch' }).click();
      await page.waitForURL(`${suite.server.url}/componente/${part._id}`);
      await page.getByRole('heading', { level: 1, name: 'Alternatore Bosch' }).waitFor();
      // The title (the part's name) is set by an effect, after the heading is drawn.
      await eventually(() => page.title()).toBe('Alternatore Bosch · Magazzino Ricambi');
      // Read-only: nothing to type into.
      expect(await page.getByRole('textbox').count()).toBe(0);
      const main = page.getByRole('main');
      for (const text of ['Revisionato, garanzia 3 mesi', 'Citroën', '4,25 Kg', '2004', 'Buona']) {
        await main.getByText(text, { exact: true }).first().waitFor();
      }
      const where = page.getByRole('region', { name: 'Ubicazione' });
      expect(await where.innerText()).toContain('G · 2 · 3 · 12');
      expect(await where.innerText()).toContain('Scaffale G, campata 2, ripiano 3, cassetta 12');
      const dates = await page.getByRole('region', { name: 'Registrazione' }).innerText();
      expect(dates).toMatch(/Inserito il \d{1,2} \w+ \d{4} alle ore \d{2}:\d{2}/);
      expect(dates).toMatch(/Modificato il \d{1,2} \w+ \d{4} alle ore \d{2}:\d{2}/);
      // The navbar marks the area the page belongs to.
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      expect(await nav.getByRole('link', { name: 'Elenco Componenti' }).getAttribute('aria-current')).toBe(
        'true',
      );

      // The photo opens in the viewer at full size.
      await page.getByRole('button', { name: 'Ingrandisci la foto di Alternatore Bosch' }).click();
      const viewer = page.getByRole('dialog', { name: 'Visualizzatore immagini' });
      expect(await viewer.locator('img.yarl__slide_image').getAttribute('src')).toBe(photoUrl);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: "Torna all'elenco" }).click();
      await page.waitForURL(`${suite.server.url}/elencocomponenti?q=alternatore%20bosch`);
    });
  });

  it('edits from a filtered list page, saves, and comes back to that page with "Modifiche salvate"', async () => {
    for (let i = 1; i <= 6; i++) await create({ nome: `Pompa freno ${i}`, marca: 'Fiat', modello: 'Doblò' });
    const list = '/elencocomponenti?modello=dobl%C3%B2&pagina=2';
    await suite.inPage(list, async (page) => {
      await waitForRows(page, 1);
      expect(await columnTexts(page, 'nome')).toEqual(['Pompa freno 1']);
      await page.getByRole('link', { name: 'Modifica Pompa freno 1' }).click();
      await page.getByRole('heading', { name: 'Visualizza/ Modifica componente' }).waitFor();
      const nome = page.getByRole('textbox', { name: 'Nome' });
      await nome.waitFor();
      expect(await nome.inputValue()).toBe('Pompa freno 1');
      expect(await page.getByRole('textbox', { name: 'Peso (Kg)' }).inputValue()).toBe('1,5');
      const image = page.getByRole('img', { name: 'Immagine attuale di Pompa freno 1' });
      // The 640 px variant of the stored photo (the full one is for the lightbox).
      expect(await image.getAttribute('src')).toBe(photoUrl.replace(/\.webp$/, '-640.webp'));

      await page.getByRole('textbox', { name: 'Marca' }).fill('Lancia');
      // A required field cannot be emptied.
      await nome.fill('');
      await page.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.getByText('Il nome è obbligatorio').waitFor();
      await nome.fill('Pompa freno 1');
      await page.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.waitForURL(`${suite.server.url}${list}`);
      await page.getByText('Modifiche salvate').waitFor();
      await waitForRows(page, 1);
      expect(await columnTexts(page, 'nome')).toEqual(['Pompa freno 1']);
      // At once: the list's page read before shows the part as saved while it is read again.
      expect(await columnTexts(page, 'marca')).toEqual(['Lancia']);
      // Back does not reopen the saved form: the edit screen was replaced by the list.
      await page.goBack();
      await page.waitForURL(`${suite.server.url}${list}`);
    });
  });

  it('edits from the part’s page and returns to it; deletes from it and returns to the list', async () => {
    const part = await create({ nome: 'Motorino tergicristallo', modello: 'Multipla' });
    await suite.inPage('/elencocomponenti?modello=multipla', async (page) => {
      await page.getByRole('link', { name: 'Visualizza Motorino tergicristallo' }).click();
      await page.getByRole('link', { name: 'Modifica', exact: true }).click();
      await page.getByRole('textbox', { name: 'Versione' }).fill('1.9 JTD');
      await page.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.waitForURL(`${suite.server.url}/componente/${part._id}`);
      await page.getByText('Modifiche salvate').waitFor();
      await page.getByText('1.9 JTD', { exact: true }).waitFor();

      await page.getByRole('link', { name: 'Cancella', exact: true }).click();
      await page.getByRole('heading', { name: 'Richiesta cancellazione componente' }).waitFor();
      await page.getByText(`Codice: ${part.codice}`).waitFor();
      expect(await page.getByRole('link', { name: 'No, torna al componente' }).getAttribute('href')).toBe(
        `/componente/${part._id}`,
      );
      await page.getByRole('button', { name: 'Sì, cancella' }).click();
      await page.waitForURL(`${suite.server.url}/elencocomponenti?modello=multipla`);
      await page.getByText('Componente cancellato').waitFor();
      await page.getByText('Nessun componente trovato').waitFor();
      expect((await suite.api.request.get(`${suite.server.url}/api/componenti/${part._id}`)).status()).toBe(
        404,
      );
    });
  });

  it('empties the descrizione emptied on edit, and shows it as "—"', async () => {
    const part = await create({ nome: 'Cerniera cofano', descrizione: 'Leggermente graffiata' });
    await suite.inPage(`/modificacomponente/${part._id}`, async (page) => {
      const descrizione = page.getByRole('textbox', { name: 'Descrizione' });
      await descrizione.waitFor();
      expect(await descrizione.inputValue()).toBe('Leggermente graffiata');
      await descrizione.fill('');
      await page.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.getByText('Modifiche salvate').waitFor();
      expect(await page.getByText('Nessuna modifica da salvare.').count()).toBe(0);
      const stored = (await (
        await suite.api.request.get(`${suite.server.url}/api/componenti/${part._id}`)
      ).json()) as Part;
      expect(stored).toMatchObject({ descrizione: null, version: 2 });
      await page.goto(`${suite.server.url}/componente/${part._id}`);
      const term = page.locator('dt', { hasText: /^Descrizione$/ });
      await term.waitFor();
      expect(await term.locator('+ dd [aria-hidden="true"]').innerText()).toBe('—');
    });
  });

  it('refuses a stale save with 412 and offers the latest version (two tabs)', async () => {
    const part = await create({ nome: 'Pompa acqua', modello: 'Punto' });
    await suite.inPage('/dashboardpage', async (first, context) => {
      const second = await context.newPage();
      const url = `${suite.server.url}/modificacomponente/${part._id}`;
      await first.goto(url);
      await second.goto(url);
      await first.getByRole('textbox', { name: 'Modello' }).waitFor();
      await second.getByRole('textbox', { name: 'Modello' }).waitFor();

      await second.getByRole('textbox', { name: 'Modello' }).fill('Grande Punto');
      await second.getByRole('button', { name: 'Conferma e salva' }).click();
      // Opened directly: back to the parts list.
      await second.waitForURL(`${suite.server.url}/elencocomponenti`);

      await first.bringToFront();
      await first.getByRole('textbox', { name: 'Versione' }).fill('1.3 Multijet');
      await first.getByRole('button', { name: 'Conferma e salva' }).click();
      await first.getByText('Qualcun altro ha modificato questo componente').waitFor();
      expect(first.url()).toBe(url);
      await first.getByRole('button', { name: 'Carica la versione più recente' }).click();
      await first.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="modello"]')?.value === 'Grande Punto',
      );
      expect(await first.getByText('Qualcun altro ha modificato').count()).toBe(0);
      await first.getByRole('textbox', { name: 'Versione' }).fill('1.3 Multijet');
      await first.getByRole('button', { name: 'Conferma e salva' }).click();
      await first.waitForURL(`${suite.server.url}/elencocomponenti`);

      const stored = (await (
        await suite.api.request.get(`${suite.server.url}/api/componenti/${part._id}`)
      ).json()) as Part;
      expect(stored).toMatchObject({ modello: 'Grande Punto', versione: '1.3 Multijet' });
    });
  });

  it('shows a failed deletion and stays', async () => {
    const part = await create({ nome: 'Paraurti già venduto' });
    await suite.inPage(`/cancellacomponente/${part._id}`, async (page) => {
      await page.getByText('Paraurti già venduto').waitFor();
      // Someone else deletes it meanwhile.
      await apiDeletePart(suite.api.request, suite.server.url, part._id);
      await page.getByRole('button', { name: 'Sì, cancella' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Il componente non è stato cancellato');
      expect(page.url()).toBe(`${suite.server.url}/cancellacomponente/${part._id}`);
    });
  });

  it('passes axe in both themes and is photographed (part page, edit, delete, confirmation)', async () => {
    const part = await create({
      nome: 'Motorino avviamento',
      descrizione: 'Smontato da vettura incidentata.\nProvato al banco: funzionante.',
      codice: '0 001 108 202',
      marca: 'Alfa Romeo',
      modello: 'Giulietta',
      versione: '1.6 JTDm',
      scaffale: 'G',
      campata: '2',
      ripiano: '3',
      cassetta: '12',
    });
    const common = { baseUrl: suite.server.url, storageState: suite.signedIn };
    const results = [
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `/componente/${part._id}`,
        name: 'part',
        ready: async (page) => {
          await page.getByRole('heading', { level: 1, name: 'Motorino avviamento' }).waitFor();
          await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.part-photo')?.complete);
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `/modificacomponente/${part._id}`,
        name: 'parts-edit',
        ready: async (page) => {
          await page.getByRole('textbox', { name: 'Nome' }).waitFor();
          await page.waitForFunction(
            () => document.querySelector<HTMLImageElement>('.parts-edit-image')?.complete,
          );
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `/cancellacomponente/${part._id}`,
        name: 'parts-delete',
        ready: async (page) => {
          await page.getByText('Motorino avviamento').first().waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `/modificacomponente/${part._id}`,
        name: 'parts-saved',
        ready: async (page) => {
          await page.getByRole('combobox', { name: 'Condizione' }).fill('Ottima');
          await page.getByRole('button', { name: 'Conferma e salva' }).click();
          await page.getByText('Modifiche salvate').waitFor();
          await page.locator('table.parts-table, .parts-card').first().waitFor();
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
