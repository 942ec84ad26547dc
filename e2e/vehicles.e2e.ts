import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAMPLE_VEHICLE_INPUT, type Vehicle, type VehicleInput } from '@magazzino/contract';
import {
  assertNoSidewaysScroll,
  listAnswer,
  makePhoto,
  usePartsSuite,
  type PartsSuiteHandle,
} from './support/parts.js';
import { checkScreen, describeViolations, openPage, VIEWPORT_NAMES } from './support/screens.js';
import { endSessionOnServer } from './support/session.js';

// Donor vehicles in Chromium: a vehicle registered with a photo, a part added from its page (the
// form prefilled with the vehicle), then found by the vehicle's targa in 'Cerca ovunque' and shown
// with its vehicle; every new screen checked with axe in both themes and photographed.

let sequence = 0;

/** A plate no other test uses: 'E2' and six characters (letters and digits). */
function uniqueTarga(): string {
  sequence += 1;
  return `E2${(Date.now() % 46_656).toString(36).padStart(3, '0')}${sequence}`.toUpperCase().slice(0, 9);
}

/** Registers a vehicle through the API (fast test data). */
async function createVehicle(
  suite: PartsSuiteHandle,
  overrides: Partial<VehicleInput> = {},
): Promise<Vehicle> {
  const res = await suite.api.request.post(`${suite.server.url}/api/veicoli`, {
    data: { ...EXAMPLE_VEHICLE_INPUT, telaio: null, targa: uniqueTarga(), ...overrides },
  });
  if (res.status() !== 201) throw new Error(`vehicle not created: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Vehicle;
}

/** A text box of the page by its visible label. */
const box = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** The part fields a vehicle does not fill in. */
const PART_FIELDS: Record<string, string> = {
  Nome: 'Alternatore Bosch',
  Scaffale: 'V',
  Campata: '2',
  Ripiano: '1',
  Cassetta: '9',
};

describe('donor vehicles in Chromium', () => {
  const suite = usePartsSuite();

  for (const viewport of VIEWPORT_NAMES) {
    it(`on a ${viewport}: registers a vehicle, adds a part from it, and finds the part by the targa`, async () => {
      const targa = uniqueTarga();
      const nome = `${PART_FIELDS.Nome} ${viewport}`;
      await suite.inPage(
        '/nuovoveicolo',
        async (page) => {
          await page.getByRole('heading', { level: 1, name: 'Aggiungi veicolo' }).waitFor();
          // Typed the way a clerk reads it off the plate: stored without spaces, in capitals.
          await box(page, 'Targa').fill(`${targa.slice(0, 2).toLowerCase()} ${targa.slice(2)}`);
          await box(page, 'Marca').fill('Fiat');
          await box(page, 'Modello').fill('Panda');
          await box(page, 'Versione').fill('1.2 Dynamic');
          await box(page, 'Anno di immatricolazione').fill('2011');
          await box(page, 'Chilometri').fill('143.500');
          await page.getByRole('combobox', { name: 'Alimentazione' }).selectOption('gpl');
          await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
            name: 'panda.jpg',
            mimeType: 'image/jpeg',
            buffer: await makePhoto(800, 600, 3),
          });
          await page.getByRole('img', { name: 'Foto 1' }).waitFor();
          await assertNoSidewaysScroll(page);
          await page.getByRole('button', { name: 'Salva veicolo' }).click();

          // The vehicle's page: its photo, its fields, no parts yet.
          await page.getByRole('heading', { level: 1, name: targa }).waitFor();
          const vehicleUrl = page.url();
          expect(vehicleUrl).toMatch(/\/veicoli\/[^/]+$/);
          await page.getByText('Fiat Panda 1.2 Dynamic · 2011').waitFor();
          await page.getByText('143.500 km').waitFor();
          await page.getByText('Nessun componente da questo veicolo').waitFor();
          await page.getByRole('button', { name: 'Ingrandisci la foto 1 di 1' }).waitFor();

          // A part from it: the form opens with the vehicle's fields filled in and the link shown.
          await page.getByRole('link', { name: 'Aggiungi componente da questo veicolo' }).click();
          await page.getByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' }).waitFor();
          const donor = page.getByRole('group', { name: 'Veicolo di provenienza' });
          await donor.getByRole('link', { name: new RegExp(`${targa} · Fiat Panda 2011`) }).waitFor();
          expect(await box(page, 'Marca').inputValue()).toBe('Fiat');
          expect(await box(page, 'Modello').inputValue()).toBe('Panda');
          expect(await box(page, 'Versione').inputValue()).toBe('1.2 Dynamic');
          expect(await box(page, 'Anno di immatricolazione').inputValue()).toBe('2011');
          for (const [label, value] of Object.entries({ ...PART_FIELDS, Nome: nome })) {
            await box(page, label).fill(value);
          }
          await page.getByRole('combobox', { name: 'Categoria' }).fill('Elettrico');
          await page.getByRole('combobox', { name: 'Condizione' }).fill('Buona');
          await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
          const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });
          await modal.getByRole('button', { name: 'Chiudi' }).click();
          await modal.waitFor({ state: 'detached' });
          // The next part of the batch keeps the vehicle and its link.
          await donor.getByRole('link', { name: new RegExp(targa) }).waitFor();

          // 'Cerca ovunque' finds the part by the vehicle's targa, written as the clerk likes.
          await page.goto(`${suite.server.url}/elencocomponenti`);
          const search = page.getByRole('searchbox', { name: 'Cerca ovunque' });
          // The whole list, newest first, already shows the part: the link is followed once the
          // search's own answer is on screen.
          await page
            .getByRole('link', { name: new RegExp(nome) })
            .first()
            .waitFor();
          const found = listAnswer(page, { q: targa.toLowerCase() });
          await search.fill(targa.toLowerCase());
          await search.press('Enter');
          await page.waitForURL(/[?&]q=/);
          await found;
          const opened = page.getByRole('link', { name: new RegExp(nome) }).first();
          await opened.waitFor();
          await opened.click();

          // The part's page shows the vehicle, a link to its page.
          await page.getByRole('heading', { level: 1, name: nome }).waitFor();
          const vehicleLink = page
            .getByRole('region', { name: 'Veicolo', exact: true })
            .getByRole('link', { name: `${targa} · Fiat Panda 2011` });
          await vehicleLink.waitFor();
          expect(suite.server.url + ((await vehicleLink.getAttribute('href')) ?? '')).toBe(vehicleUrl);

          // And the vehicle's page lists the part.
          await vehicleLink.click();
          await page.getByRole('heading', { level: 1, name: targa }).waitFor();
          await page
            .getByRole('list', { name: `Componenti del veicolo ${targa}` })
            .getByRole('link', { name: nome })
            .waitFor();
        },
        { viewport },
      );
    });
  }

  it('on a phone: loses nothing typed when the session ends under the vehicle form', async () => {
    // A clerk of their own, so ending the session does not sign the other tests out.
    const { context, page } = await openPage(suite.browser, { viewport: 'phone' });
    try {
      const email = `veicolo.${Date.now().toString(36)}@example.it`;
      const password = 'Ricambi-2025!';
      const signup = await page.request.post(`${suite.server.url}/api/users/signup`, {
        data: { email, password, username: 'Addetto veicoli' },
      });
      expect(signup.status()).toBe(202);
      expect(
        (
          await page.request.post(`${suite.server.url}/api/users/login`, { data: { email, password } })
        ).status(),
      ).toBe(200);
      const targa = uniqueTarga();
      await page.goto(suite.server.url + '/nuovoveicolo');
      await box(page, 'Targa').fill(targa.toLowerCase().replace(/^(..)/, '$1 '));
      await box(page, 'Marca').fill('Citroën');
      await box(page, 'Modello').fill('C3 Picasso');
      await box(page, 'Anno di immatricolazione').fill('2009');
      await box(page, 'Chilometri').fill('187.000');
      await box(page, 'Note').fill('Più ammaccature, però il motore è buono');

      await endSessionOnServer(page, suite.server.url);
      await page.getByRole('button', { name: 'Salva veicolo' }).click();
      await page.waitForURL(`${suite.server.url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();

      await page.waitForURL(`${suite.server.url}/nuovoveicolo`);
      await page.getByText(/Abbiamo ripristinato i dati non salvati/).waitFor();
      expect(await box(page, 'Marca').inputValue()).toBe('Citroën');
      expect(await box(page, 'Chilometri').inputValue()).toBe('187.000');
      await page.getByRole('button', { name: 'Salva veicolo' }).click();
      await page.waitForURL(/\/veicoli\/[^/]+$/);
      const saved = await suite.api.request.get(`${suite.server.url}/api/veicoli?targa=${targa}`);
      const [vehicle] = (await saved.json()) as Vehicle[];
      expect(vehicle).toMatchObject({
        targa,
        marca: 'Citroën',
        km: 187000,
        note: 'Più ammaccature, però il motore è buono',
      });
      // Saved: the draft is gone.
      await page.goto(suite.server.url + '/nuovoveicolo');
      await box(page, 'Targa').waitFor();
      expect(await box(page, 'Targa').inputValue()).toBe('');
      expect(await page.getByText(/Abbiamo ripristinato/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses to delete a vehicle with parts, with the reason, and deletes one without', async () => {
    const withParts = await createVehicle(suite);
    const part = await suite.createPart({ veicoloId: withParts._id });
    expect(part.veicolo?._id).toBe(withParts._id);
    await suite.inPage(`/veicoli/${withParts._id}`, async (page) => {
      await page.getByRole('button', { name: 'Elimina' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eliminare il veicolo?' });
      await dialog.getByRole('button', { name: 'Sì, elimina' }).click();
      await page.getByRole('alert').filter({ hasText: 'Il veicolo non è stato eliminato' }).waitFor();
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: /1 component/ })
          .count(),
      ).toBe(1);
    });
    const empty = await createVehicle(suite);
    await suite.inPage(`/veicoli/${empty._id}`, async (page) => {
      await page.getByRole('button', { name: 'Elimina' }).click();
      await page
        .getByRole('dialog', { name: 'Eliminare il veicolo?' })
        .getByRole('button', { name: 'Sì, elimina' })
        .click();
      await page.waitForURL(`${suite.server.url}/veicoli`);
    });
    const gone = await suite.api.request.get(`${suite.server.url}/api/veicoli/${empty._id}`);
    expect(gone.status()).toBe(404);
  });

  it('photographs the list, a vehicle and the form; axe clean in both themes, no sideways scroll', async () => {
    const photos = [
      await suite.uploadPhoto(await makePhoto(800, 600, 21)),
      await suite.uploadPhoto(await makePhoto(800, 600, 22)),
      await suite.uploadPhoto(await makePhoto(800, 600, 23)),
    ];
    const punto = await createVehicle(suite, {
      telaio: 'ZFA18800000123456',
      immagini: photos,
      note: 'Urto anteriore, motore funzionante.\nAirbag esplosi.',
    });
    await createVehicle(suite, {
      marca: 'Volkswagen',
      modello: 'Golf',
      versione: '1.9 TDI',
      annoImmatricolazione: '2006',
      alimentazione: 'diesel',
      immagini: [photos[1] ?? ''],
    });
    await createVehicle(suite, {
      marca: 'Lancia',
      modello: 'Ypsilon',
      versione: null,
      annoImmatricolazione: '2015',
    });
    for (const nome of ['Faro anteriore sinistro', 'Alternatore', 'Specchietto destro']) {
      await suite.createPart({ nome, veicoloId: punto._id });
    }

    const results = [
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: '/veicoli',
        name: 'vehicles-list',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByRole('link', { name: punto.targa }).first().waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: `/veicoli/${punto._id}`,
        name: 'vehicle-page',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByRole('list', { name: `Componenti del veicolo ${punto.targa}` }).waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>('.vehicle-gallery img')].every(
              (image) => image.complete && image.naturalWidth > 0,
            ),
          );
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: '/nuovoveicolo',
        name: 'vehicle-form',
        storageState: suite.signedIn,
        ready: async (page) => {
          await box(page, 'Targa').fill('GH 789 JK');
          await box(page, 'Marca').fill('Fiat');
          await box(page, 'Modello').fill('Punto');
          // Half a VIN: the box says how far along it is.
          await box(page, 'Telaio (VIN)').fill('ZFA188000');
          await page.getByText('9 caratteri su 17').waitFor();
          // With a field error shown, so it is checked too.
          await page.getByRole('button', { name: 'Salva veicolo' }).click();
          await page
            .getByText(/L'anno di immatricolazione/)
            .first()
            .waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: `/modificaveicolo/${punto._id}`,
        name: 'vehicle-edit',
        storageState: suite.signedIn,
        ready: async (page) => {
          // The three photos in order, the first the cover, each with its buttons.
          const list = page.getByRole('list', { name: 'Foto scelte' });
          await list.getByRole('button', { name: 'Rimuovi la foto 3' }).waitFor();
          await list.getByText('Copertina', { exact: true }).first().waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: `/nuovocomponente?veicolo=${punto._id}`,
        name: 'parts-add-from-vehicle',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByRole('group', { name: 'Veicolo di provenienza' }).getByRole('link').waitFor();
          await page.getByRole('button', { name: 'Aggiungi veicolo compatibile' }).click();
          const row = page.getByRole('group', { name: 'Veicolo compatibile 1' });
          await row.getByRole('textbox', { name: 'Marca' }).fill('Fiat');
          await row.getByRole('textbox', { name: 'Modello' }).fill('Grande Punto');
          await row.getByRole('textbox', { name: 'Anno da' }).fill('2005');
          await row.getByRole('textbox', { name: 'Anno a' }).fill('2012');
          await assertNoSidewaysScroll(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
