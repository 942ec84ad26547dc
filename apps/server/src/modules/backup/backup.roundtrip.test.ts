import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryCount, Part, SecurityEvent, UploadResult, User, Vehicle } from '@magazzino/contract';
import { login, me } from '../../../test/accounts.js';
import {
  buildTestApp,
  sessionCookieOf,
  signIn,
  type Session,
  type TestApp,
  buildAppOn,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { partInput, vehicleInput } from '../../../test/factories.js';
import { imageOf, storedKeys, uploadForm } from '../../../test/images.js';
import type { App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { KNOWN_MIGRATIONS } from '../../db/backup-support.js';
import type { DialectName } from '../../db/dialect.js';
import { systemClock } from '../../lib/clock.js';
import { verifyArchive } from './archive-verify.js';
import { openConfigured } from './backup.command-support.js';
import { createBackup } from './backup.service.js';
import { restoreBackup } from './restore.service.js';

// A warehouse moved between databases with the two commands' services: SQLite to SQLite, SQLite
// to PostgreSQL and back. What the clerks see afterwards must be what they saw before.

const PASSWORD = 'password-di-prova';

const ROUTES: [DialectName, DialectName][] = [
  ['sqlite', 'sqlite'],
  ['sqlite', 'postgres'],
  ['postgres', 'sqlite'],
];

describe.each(ROUTES)('a backup taken on %s restored onto %s', (sourceDialect, targetDialect) => {
  let source: TestApp;
  let admin: Session;
  let clerk: Session;
  let target: TestDatabase;
  let restored: App;
  let archive: string;
  let scratch: string;
  const parts: Record<string, Part> = {};
  let vehicle: Vehicle;
  /** The security log's entries at the time of the backup (sign-ins, the setting, the sign-ups). */
  let securityEvents: number;

  /** The admin's cookie on the restored app (its sessions did not come along). */
  let restoredCookie: string;
  const get = async <T>(app: App, url: string) => {
    const cookie = app === source.app ? admin.cookie : restoredCookie;
    return (await app.inject({ method: 'GET', url, headers: { cookie } })).json<T>();
  };

  beforeAll(async () => {
    source = await buildTestApp(sourceDialect);
    admin = await signIn(source.app); // the first account: amministratore
    clerk = await signIn(source.app);
    const upload = async (seed: number) =>
      (
        await admin.inject({
          method: 'POST',
          url: '/api/componenti/upload',
          payload: uploadForm(await imageOf('jpeg', { width: 300 + seed, height: 200 })),
        })
      ).json<UploadResult>();
    const [faro, freno] = [await upload(1), await upload(2)];
    // Uploaded and never saved with a part (the form still open): kept, the cleanup decides later.
    await upload(3);
    const specchio = await upload(4);
    const create = async (key: string, input: Record<string, unknown>) => {
      const response = await clerk.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput(input),
      });
      expect(response.statusCode).toBe(201);
      parts[key] = response.json<Part>();
    };
    await create('accents', {
      nome: 'Fanale ÈLITE posteriore',
      marca: 'Citroën',
      descrizione: 'Più lucido così: «nuovo»',
      urlImmagine: faro.secure_url,
    });
    await create('bare', { descrizione: null, codice: null, versione: null, peso: null });
    await create('brakes', { categoria: 'Freni', nome: 'Pinza freno', urlImmagine: freno.secure_url });
    await create('sameImage', { nome: 'Faro gemello', urlImmagine: faro.secure_url });
    // Three photos in their order (migration 017): the cover first, the others after it.
    await create('album', {
      nome: 'Paraurti anteriore',
      immagini: [freno.secure_url, specchio.secure_url, faro.secure_url],
    });
    // A donor vehicle with a photo (migration 013): it goes along, photos in order.
    const vehicleResponse = await clerk.inject({
      method: 'POST',
      url: '/api/veicoli',
      payload: vehicleInput({ marca: 'Citroën', immagini: [freno.secure_url] }),
    });
    expect(vehicleResponse.statusCode).toBe(201);
    vehicle = vehicleResponse.json<Vehicle>();
    // A part from that vehicle, fitting another one (migration 014): the link and the fitment go along.
    await create('donor', {
      nome: 'Specchietto retrovisore',
      marca: 'Citroën',
      veicoloId: vehicle._id,
      compatibilita: [{ marca: 'Peugeot', modello: '206' }],
    });
    // A part in the bin and a sold one: their statuses, history and the bin go along.
    await create('binned', {
      nome: 'Cofano',
      categoria: 'Carrozzeria',
      immagini: [specchio.secure_url, faro.secure_url],
    });
    const deleted = await clerk.inject({
      method: 'DELETE',
      url: `/api/componenti/delete/${parts.binned?._id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const sold = await clerk.inject({
      method: 'POST',
      url: `/api/componenti/stato/${parts.brakes?._id}`,
      payload: { stato: 'venduto', prezzo: '38,50' },
    });
    expect(sold.statusCode).toBe(200);
    // A setting changed from its default: the restored one must be this, not the migration's.
    const settings = await admin.inject({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { signupRole: 'sola_lettura' },
    });
    expect(settings.statusCode).toBe(200);
    // The clerk signs in with a second step, with one recovery code: rows as the accounts module
    // writes them (its routes are two-factor.routes.test.ts's; a backup copies rows, whatever they mean).
    const now = new Date().toISOString();
    await source.app.db
      .insertInto('two_factor')
      .values({
        user_id: clerk.user._id,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        enabled_at: now,
        pending_expires_at: null,
        last_used_step: 1,
        created_at: now,
      })
      .execute();
    await source.app.db
      .insertInto('two_factor_recovery_codes')
      .values({
        user_id: clerk.user._id,
        // SHA-256 of the code as the sign-in reads it: the database keeps only this.
        code_hash: createHash('sha256').update('abcd-efgh-jk23').digest('hex'),
        created_at: now,
        used_at: null,
      })
      .execute();
    securityEvents = (
      await source.app.db
        .selectFrom('security_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-backup-'));
    archive = path.join(scratch, 'magazzino.tar.gz');
    const stores = await openConfigured(source.config);
    const { handle } = stores;
    try {
      await createBackup(
        { handle, dataDir: source.config.dataDir, storage: source.app.media.storage },
        { out: archive, clock: systemClock },
      );
    } finally {
      await stores.close();
    }

    target = await createTestDatabase(targetDialect);
    const opened = await openConfigured(
      loadConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'silent' }),
    );
    try {
      await restoreBackup(archive, opened, { force: false });
    } finally {
      await opened.close();
    }
    restored = await buildAppOn(target);
    restoredCookie = sessionCookieOf(await login(restored, admin.user.email, PASSWORD));
  });

  afterAll(async () => {
    await restored.close();
    await target.drop();
    await source.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('writes a private archive whose manifest checks and counts what was there', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const manifest = await verifyArchive(archive);
    expect(manifest).toMatchObject({ sourceDialect, schemaVersion: KNOWN_MIGRATIONS.at(-1) });
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual({
      users: 2,
      account_settings: 1,
      media: 4,
      parts: 6,
      // 7 registrations, 1 deletion, 1 sale.
      part_events: 9,
      parts_bin: 1,
      // The album's three (a part with one photo has it on its row only); the binned part's two.
      part_images: 3,
      parts_bin_images: 2,
      two_factor: 1,
      two_factor_recovery_codes: 1,
      security_events: Number(securityEvents),
      vehicles: 1,
      vehicle_images: 1,
      part_fitments: 1,
      import_mappings: 0,
    });
    expect(Number(securityEvents)).toBeGreaterThan(0);
    // Display image and thumbnail of each of the four uploads; no preview, no stray file.
    expect(manifest.photos.count).toBe(8);
    expect(manifest.photos.files.map((photo) => photo.key).sort()).toEqual(await storedKeys(source.app));
    expect(manifest.photos.missing).toEqual([]);
  });

  it('gives back every part as it was, in the same order, with its photo', async () => {
    const before = await get<Part[]>(source.app, '/api/componenti');
    expect(await get<Part[]>(restored, '/api/componenti')).toEqual(before);
    expect(await get<Part>(restored, `/api/componenti/${parts.bare?._id}`)).toMatchObject({
      descrizione: null,
      codice: null,
      versione: null,
      peso: null,
    });
    for (const url of [parts.accents?.urlImmagine, parts.brakes?.urlMiniatura]) {
      const original = await source.app.inject({ method: 'GET', url: url ?? '' });
      const copy = await restored.inject({ method: 'GET', url: url ?? '' });
      expect(copy.statusCode).toBe(200);
      expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    }
  });

  it("keeps a part's three photos in their order, and its code", async () => {
    const original = await get<Part>(source.app, `/api/componenti/${parts.album?._id}`);
    expect(original.immagini).toEqual(parts.album?.immagini);
    expect(original.immagini).toHaveLength(3);
    const copy = await get<Part>(restored, `/api/componenti/${parts.album?._id}`);
    expect(copy).toEqual(original);
    expect(await get<Part>(restored, `/api/componenti/codice/${original.codiceRicambio}`)).toEqual(original);
    for (const url of copy.miniature) {
      expect((await restored.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('gives back the donor vehicles with their photos', async () => {
    const original = await get<Vehicle>(source.app, `/api/veicoli/${vehicle._id}`);
    expect(original.componenti).toBe(1);
    expect(await get<Vehicle>(restored, `/api/veicoli/${vehicle._id}`)).toEqual(original);
    expect(await get<Vehicle[]>(restored, '/api/veicoli?marca=citroen')).toEqual(
      await get<Vehicle[]>(source.app, '/api/veicoli?marca=citroen'),
    );
    const copy = await restored.inject({ method: 'GET', url: vehicle.miniature[0] ?? '' });
    expect(copy.statusCode).toBe(200);
  });

  it('rebuilds the category and condition counts and the search index', async () => {
    for (const url of [
      '/api/componenti/categorie',
      '/api/componenti/categorie?stato=tutti',
      '/api/componenti/condizioni',
    ]) {
      expect(await get<unknown[]>(restored, url)).toEqual(await get<unknown[]>(source.app, url));
    }
    expect(await get<CategoryCount[]>(restored, '/api/componenti/categorie?stato=tutti')).toHaveLength(2);
    // The counts of deep pages (migration 019), per block of seqs and status, as the source kept
    // them (on PostgreSQL in shards, migration 020: the sums compared).
    const blocks = async (app: App) =>
      (
        await app.db
          .selectFrom('part_seq_blocks')
          .select((eb) => ['block', 'stato', eb.fn.sum<number>('count').as('count')])
          .groupBy(['block', 'stato'])
          .having((eb) => eb.fn.sum('count'), '<>', 0)
          .orderBy('block')
          .orderBy('stato')
          .execute()
      ).map((row) => ({ ...row, count: Number(row.count) }));
    expect((await blocks(restored)).length).toBeGreaterThan(1);
    expect(await blocks(restored)).toEqual(await blocks(source.app));
    const found = await get<Part[]>(restored, '/api/componenti?q=elite%20citroen');
    expect(found.map((part) => part._id)).toEqual([parts.accents?._id]);
    const byCode = await get<Part[]>(restored, `/api/componenti?stato=tutti&q=${parts.brakes?.codice}`);
    expect(byCode.map((part) => part._id)).toEqual([parts.brakes?._id]);
    const byTarga = await get<Part[]>(restored, `/api/componenti?q=${vehicle.targa.toLowerCase()}`);
    expect(byTarga.map((part) => part._id)).toEqual([parts.donor?._id]);
    // Two characters: on PostgreSQL counted through the index of pairs, over the text each insert
    // of the restore computed again (migration 030; a backup does not carry it).
    const listed = async (app: App, url: string) => {
      const cookie = app === source.app ? admin.cookie : restoredCookie;
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      return {
        total: response.headers['x-total-count'],
        ids: response.json<Part[]>().map((part) => part._id),
      };
    };
    for (const pair of ['fa', 'sp', 'ug', 'x9']) {
      const url = `/api/componenti?stato=tutti&q=${pair}`;
      expect(await listed(restored, url), pair).toEqual(await listed(source.app, url));
    }
    expect((await get<Part[]>(restored, '/api/componenti?stato=tutti&q=sp')).length).toBeGreaterThan(0);
    const byFitment = await get<Part[]>(restored, '/api/componenti?marca=peugeot&modello=206');
    expect(byFitment.map((part) => part._id)).toEqual([parts.donor?._id]);
    expect(byFitment[0]).toMatchObject({
      veicolo: { _id: vehicle._id },
      compatibilita: [{ marca: 'Peugeot' }],
    });
  });

  it("keeps the clerk's two-factor sign-in, its recovery code and the security log", async () => {
    const password = await restored.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: clerk.user.email, password: PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    expect(password.json()).toMatchObject({ twoFactorRequired: true });
    expect(password.headers['set-cookie']).not.toMatch(/magazzino_sid=[^;]/);
    const recovery = await restored.inject({
      method: 'POST',
      url: '/api/users/login/two-factor',
      payload: { codice: 'abcd-efgh-jk23' },
      headers: { cookie: String(password.headers['set-cookie']).split(';')[0] ?? '' },
    });
    expect(recovery.statusCode).toBe(200);
    const log = (app: App) => get<SecurityEvent[]>(app, '/api/sicurezza/registro?limit=100');
    const before = await log(source.app);
    const after = new Map((await log(restored)).map((event) => [event._id, event]));
    expect(before.length).toBeGreaterThan(0);
    for (const event of before) expect(after.get(event._id)).toEqual(event);
  });

  it('carries the statuses, the history and the bin, whence a part still comes back', async () => {
    const brakes = await get<Part>(restored, `/api/componenti/${parts.brakes?._id}`);
    expect(brakes).toMatchObject({ stato: 'venduto', vendita: { prezzo: 38.5 } });
    for (const url of [`/api/componenti/storico/${parts.brakes?._id}`, '/api/attivita', '/api/cestino']) {
      expect(await get<unknown[]>(restored, url)).toEqual(await get<unknown[]>(source.app, url));
    }
    const back = await restored.inject({
      method: 'POST',
      url: `/api/cestino/${parts.binned?._id}/ripristina`,
      headers: { cookie: restoredCookie },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json<Part>()).toMatchObject({
      nome: 'Cofano',
      stato: 'disponibile',
      codiceRicambio: parts.binned?.codiceRicambio,
      immagini: parts.binned?.immagini,
    });
    const again = await restored.inject({
      method: 'DELETE',
      url: `/api/componenti/delete/${parts.binned?._id}`,
      headers: { cookie: restoredCookie },
    });
    expect(again.statusCode).toBe(204);
  });

  it('lets the users sign in with their passwords, but ends every session', async () => {
    expect((await me(restored, admin.cookie)).statusCode).toBe(401);
    // The clerk's password leads to its second step (the test above).
    const response = await login(restored, admin.user.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({ _id: admin.user._id, role: admin.user.role });
    expect(await get<{ signupRole: string }>(restored, '/api/users/settings')).toMatchObject({
      signupRole: 'sola_lettura',
    });
  });

  it('registers new parts after the restored ones, counted as before', async () => {
    const countOf = async (app: App) =>
      (await get<CategoryCount[]>(app, '/api/componenti/categorie')).find(
        (category) => category.categoria === 'Illuminazione',
      )?.count;
    const before = await countOf(restored);
    const response = await restored.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      headers: { cookie: restoredCookie },
      payload: partInput({ nome: 'Dopo il ripristino' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    // Its code follows every code given before the backup, the binned part's too: none is reused.
    const codes = Object.values(parts).map((part) => part.codiceRicambio);
    for (const code of codes) expect(response.json<Part>().codiceRicambio > code).toBe(true);
    const newest = await get<Part[]>(restored, '/api/componenti?limit=2');
    expect(newest.map((part) => part.nome)).toEqual(['Dopo il ripristino', parts.donor?.nome]);
    // The count triggers work again after the restore (PostgreSQL had them off for the load).
    expect(await countOf(restored)).toBe((before ?? 0) + 1);
  });
});
