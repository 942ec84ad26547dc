import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DIALECTS, PG_ADMIN_URL } from '../../../test/databases.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';

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

  it('reports the health check as 503 when the database is gone', async () => {
    const other = await buildTestApp(dialect);
    await other.app.db.destroy();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await other.database.drop();
  });
});

describe('PostgreSQL connections lost while idle', () => {
  it('are logged and replaced: the server keeps answering', async () => {
    const t = await buildTestApp('postgres');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const database = new URL(t.database.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        // What a PostgreSQL restart does to the pool's idle connections.
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
