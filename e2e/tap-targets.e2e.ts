import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Part } from '@magazzino/contract';
import { seriousAxeViolations, VIEWPORTS } from './support/browser.js';
import { makePhoto, usePartsSuite } from './support/parts.js';
import {
  describeViolations,
  openPage,
  resizeViewport,
  switchTheme,
  THEMES,
  type ScreenResult,
} from './support/screens.js';
import {
  crowdedDestructive,
  describeTargets,
  tapTargets,
  tooSmall,
  type TapTarget,
} from './support/targets.js';

// On a phone with gloves: every control of every screen at least 44 × 44 px at 390 px, the
// destructive ones at least 8 px from any other. One walk through every screen, as a visitor and
// signed in (as the first account: amministratore, so 'Utenti' too), a test per screen. axe runs
// here, in both themes at both widths, only on a screen no other file checks so: the others name
// the file whose checkScreen (or its own loop) already does (`axeCheckedIn`). Run here too, those
// were 80 of the file's 84 axe runs and half of its 105–133 s (2026-11-30).

interface Screen {
  name: string;
  /** The screen's address; a function when it names a part made by the suite's seed. */
  path: string | (() => string);
  visitor?: boolean;
  /** Waits until the screen is drawn, and brings it to the state to measure (a menu open...). */
  ready: (page: Page) => Promise<void>;
  /**
   * The file that runs axe on this screen in this state, in both themes at desktop and phone
   * width (on a phone alone where the state is a phone's); left out, axe runs here.
   */
  axeCheckedIn?: string;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/** Opens the collapsed navbar and the user menu (the menu items are controls too). */
async function openMenus(page: Page, userMenu: string) {
  await page.getByRole('button', { name: 'Apri o chiudi il menu' }).click();
  await page.locator('#main-navbar.show').waitFor();
  await page.getByRole('button', { name: userMenu }).click();
  await page.locator('#main-navbar .dropdown-menu.show').waitFor();
}

describe('on a phone with gloves', () => {
  let part: Part;
  let photo: Buffer;
  let email: string;
  const suite = usePartsSuite(async ({ createPart, uploadPhoto, api, server }) => {
    email = ((await (await api.request.get(`${server.url}/api/users/me`)).json()) as { email: string }).email;
    photo = await makePhoto(480, 360, 21);
    const url = await uploadPhoto(photo);
    for (let i = 1; i <= 7; i++) {
      await createPart({ nome: `Pastiglie freno ${i}`, categoria: 'Freni', scaffale: 'T', urlImmagine: url });
    }
    part = await createPart({
      nome: 'Faro anteriore sinistro',
      categoria: 'Illuminazione',
      codice: '51787654',
      scaffale: 'T',
      urlImmagine: url,
    });
  });

  const screens: Screen[] = [
    { name: 'sign-in', path: '/login', visitor: true, ready: heading('Accedi'), axeCheckedIn: 'auth.e2e.ts' },
    {
      name: 'sign-up',
      path: '/register',
      visitor: true,
      ready: heading('Registrati'),
      axeCheckedIn: 'auth.e2e.ts',
    },
    {
      name: 'forgot password',
      axeCheckedIn: 'auth.e2e.ts',
      path: '/resetpassword',
      visitor: true,
      ready: heading('Password dimenticata'),
    },
    {
      name: 'mail sent',
      path: '/sentpassword',
      visitor: true,
      ready: heading('Controlla la tua email'),
      axeCheckedIn: 'auth.e2e.ts',
    },
    {
      name: 'new password',
      axeCheckedIn: 'auth.e2e.ts',
      path: '/newpassword/abc',
      visitor: true,
      ready: (p) => p.locator('h1').waitFor(),
    },
    {
      name: '404',
      path: '/pagina-inesistente',
      ready: heading(/Pagina non trovata/),
      axeCheckedIn: 'shell.e2e.ts',
    },
    { name: 'dashboard', path: '/dashboardpage', ready: heading('Dashboard'), axeCheckedIn: 'shell.e2e.ts' },
    {
      name: 'signed-in menu',
      axeCheckedIn: 'shell.e2e.ts',
      path: '/dashboardpage',
      ready: async (page) => {
        await heading('Dashboard')(page);
        await openMenus(page, email);
      },
    },
    {
      name: 'list',
      axeCheckedIn: 'parts-list.e2e.ts',
      path: '/elencocomponenti?perPagina=5',
      ready: (p) => p.locator('.parts-card').nth(4).waitFor(),
    },
    {
      name: 'list, filters open',
      axeCheckedIn: 'parts-list.e2e.ts',
      path: '/elencocomponenti?perPagina=5&pagina=2',
      ready: async (page) => {
        await page.locator('.parts-card').first().waitFor();
        await page.getByRole('button', { name: /^Filtri/ }).click();
        await page.getByRole('searchbox', { name: 'Nome' }).waitFor();
      },
    },
    {
      name: 'list, nothing found',
      path: '/elencocomponenti?nome=nessuncomponente',
      ready: (p) => p.getByText('Nessun componente trovato').waitFor(),
    },
    {
      name: 'part',
      path: () => `/componente/${part._id}`,
      ready: heading('Faro anteriore sinistro'),
      axeCheckedIn: 'parts-edit-delete.e2e.ts',
    },
    {
      name: 'add, photo stored',
      axeCheckedIn: 'photos.e2e.ts',
      path: '/nuovocomponente',
      ready: async (page) => {
        await heading('Aggiungi nuovo componente')(page);
        await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles({
          name: 'foto.jpg',
          mimeType: 'image/jpeg',
          buffer: photo,
        });
        await page.locator('.photos-image[src^="/media/"]').waitFor();
      },
    },
    {
      name: 'add, categories offered',
      axeCheckedIn: 'parts-add.e2e.ts',
      path: '/nuovocomponente',
      ready: async (page) => {
        await heading('Aggiungi nuovo componente')(page);
        await page.getByRole('combobox', { name: 'Categoria' }).fill('fr');
        await page.getByRole('option', { name: /Freni/ }).waitFor();
      },
    },
    {
      name: 'edit',
      axeCheckedIn: 'parts-edit-delete.e2e.ts',
      path: () => `/modificacomponente/${part._id}`,
      ready: (p) => p.getByRole('textbox', { name: 'Nome' }).waitFor(),
    },
    {
      name: 'delete',
      axeCheckedIn: 'parts-edit-delete.e2e.ts',
      path: () => `/cancellacomponente/${part._id}`,
      ready: (p) => p.getByText('Faro anteriore sinistro').first().waitFor(),
    },
    {
      name: 'categories',
      axeCheckedIn: 'parts-browse.e2e.ts',
      path: '/consultacategorie',
      ready: (p) => p.getByRole('link', { name: /^Freni/ }).waitFor(),
    },
    {
      name: 'category',
      axeCheckedIn: 'parts-browse.e2e.ts',
      path: '/singolacategoria/Freni',
      ready: (p) => p.locator('.parts-card').first().waitFor(),
    },
    {
      name: 'lookup',
      axeCheckedIn: 'parts-browse.e2e.ts',
      path: '/consultamagazzino',
      ready: (p) => p.getByRole('textbox', { name: 'Scaffale' }).waitFor(),
    },
    {
      name: 'lookup, results',
      axeCheckedIn: 'parts-browse.e2e.ts',
      path: '/consultamagazzino?scaffale=T',
      ready: (p) => p.locator('.parts-card').first().waitFor(),
    },
    {
      name: 'users',
      axeCheckedIn: 'users.e2e.ts',
      path: '/utenti',
      // The heading is drawn at once; the settings and the accounts (with their controls) come
      // with their answers.
      ready: async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Utenti' }).waitFor();
        await page.getByLabel('Ruolo dei nuovi account').waitFor();
        await page.getByRole('main').getByText(email, { exact: true }).first().waitFor();
      },
    },
  ];

  let smallest: { target: TapTarget; screen: string } | undefined;
  afterAll(() => {
    if (!smallest) return;
    const { target, screen } = smallest;
    console.log(
      `smallest tap target at 390 px: ${target.label} on '${screen}', ` +
        `${Math.round(target.width)}×${Math.round(target.height)} px`,
    );
  });

  it.each(screens)(
    'draws every control at least 44 × 44 px at 390 px, danger kept 8 px apart (axe where no other file runs it): $name',
    async (screen) => {
      const axe: ScreenResult[] = [];
      const { context, page } = await openPage(suite.browser, {
        viewport: 'phone',
        storageState: screen.visitor ? undefined : suite.signedIn,
      });
      try {
        await page.goto(suite.server.url + (typeof screen.path === 'string' ? screen.path : screen.path()));
        await screen.ready(page);
        // The signed-in bar (its menu button, 'Scansiona') is a chunk of its own, drawn after the
        // page on a busy machine: its controls are measured too.
        if (!screen.visitor) await page.locator('#user-menu').waitFor({ state: 'attached' });
        const targets = await tapTargets(page);
        for (const target of targets) {
          const size = Math.min(target.width, target.height);
          if (!smallest || size < Math.min(smallest.target.width, smallest.target.height)) {
            smallest = { target, screen: screen.name };
          }
        }
        expect(describeTargets(tooSmall(targets))).toBe('');
        const crowded = crowdedDestructive(targets).map(
          (c) => `${c.destructive} is ${c.gap.toFixed(1)} px from ${c.neighbour}`,
        );
        expect(crowded.join('\n')).toBe('');
        if (screen.axeCheckedIn) {
          // The file named still exists (a rename would leave the screen unchecked).
          expect(fs.existsSync(new URL(screen.axeCheckedIn, import.meta.url)), screen.axeCheckedIn).toBe(
            true,
          );
          return;
        }
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          await page.mouse.move(0, 0);
          axe.push({ shot: `${screen.name} ${theme} phone`, violations: await seriousAxeViolations(page) });
        }
        await resizeViewport(page, VIEWPORTS.desktop);
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          axe.push({ shot: `${screen.name} ${theme} desktop`, violations: await seriousAxeViolations(page) });
        }
      } finally {
        await context.close();
      }
      expect(describeViolations(axe)).toBe('');
    },
  );
});
