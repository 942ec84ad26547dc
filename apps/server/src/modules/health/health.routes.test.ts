import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { DIALECTS, PG_ADMIN_URL } from '../../../test/databases.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { CHECK_TIMEOUT_MS } from './health.service.js';

/** The id the server makes when the client sends none (or an unsafe one): a random UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DIALECTS)('operations on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('echoes a sane incoming request id and replaces an unsafe one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(UUID);
  });

  it('answers unknown API routes with the 404 JSON of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Risorsa non trovata: GET /api/nope', code: 'NOT_FOUND' });
  });

  it('is ready when the database and the photo storage answer, and says which is not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', media: 'ok' } });

    // The photo folder lost (an unmounted disk): not ready, while liveness still answers.
    const media = path.join(t.config.dataDir, 'media');
    const moved = `${media}-lost`;
    fs.renameSync(media, moved);
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        error: 'Servizio non pronto: archivio delle foto non raggiungibile.',
        code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'ok', media: 'unavailable' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      fs.renameSync(moved, media);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('reports the health check as 503 when the database is gone', async () => {
    const other = await buildTestApp(dialect);
    await other.app.db.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      error: 'Servizio non pronto: database non raggiungibile.',
      checks: { database: 'unavailable', media: 'ok' },
    });
    await other.database.drop();
  });
});

/** Ends every connection to the test app's PostgreSQL database, as a restart of the server does. */
async function endConnections(t: TestApp): Promise<void> {
  const database = new URL(t.database.databaseUrl ?? '').pathname.slice(1);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL connections lost while idle', () => {
  it('are logged and replaced: the server keeps answering', async () => {
    const t = await buildTestApp('postgres');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // What a PostgreSQL restart does to the pool's idle connections.
      await endConnections(t);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('fails a transaction whose connection is lost between two statements, and the process lives on', async () => {
    const t = await buildTestApp('postgres');
    try {
      let resume = () => {};
      const waiting = new Promise<void>((resolve) => (resume = resolve));
      const work = t.app.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await waiting;
        await sql`select 1`.execute(trx);
      });
      // Its connection is checked out, idle in the transaction, when PostgreSQL ends it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await endConnections(t);
      await new Promise((resolve) => setTimeout(resolve, 100));
      resume();
      await expect(work).rejects.toThrow();
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('readiness checks that do not answer', () => {
  it('count as unavailable after CHECK_TIMEOUT_MS instead of holding the probe', async () => {
    const t = await buildTestApp('sqlite');
    try {
      t.app.health.addReadinessCheck('hung', () => new Promise<void>(() => {}));
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: 'ok', media: 'ok', hung: 'unavailable' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
    } finally {
      await t.close();
    }
  });
});
