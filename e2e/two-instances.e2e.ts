import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Part, UploadResult } from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../apps/server/test/s3-server.js';
import { makePhoto, partInput } from './support/parts.js';
import { newAccount } from './support/session.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Two app processes behind no balancer, on one PostgreSQL database and one S3 bucket, on two
 * ports: what a clerk does on one must be what the other answers (docs/deploy.md, "Più istanze").
 * Everything is real: the built server, PostgreSQL at 127.0.0.1:5432, an S3-protocol server
 * (s3rver) started here.
 */

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A `name=value` cookie pair from a response's Set-Cookie headers. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('magazzino_sid='));
  if (!cookie) throw new Error(`no session cookie in ${response.status} answer`);
  return cookie.split(';')[0] ?? '';
}

/** The `applied` count of the server's "database ready" log line. */
function migrationsApplied(server: RunningServer): number {
  for (const line of server.output().split('\n')) {
    if (!line.includes('"database ready"')) continue;
    const applied = (JSON.parse(line) as { applied?: unknown }).applied;
    return Array.isArray(applied) ? applied.length : Number(applied);
  }
  throw new Error(`no "database ready" line:\n${server.output()}`);
}

describe('two app instances on one PostgreSQL database and one bucket', () => {
  const databaseName = `magazzino_two_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let s3: TestS3Server | undefined;
  let a: RunningServer;
  let b: RunningServer;
  let cookie = '';
  const account = newAccount();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    s3 = await startS3Server();
    const shared = {
      DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${databaseName}`),
      ...s3.env(await s3.createBucket()),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // Both at the same moment on the empty database: the migrations must run once, not twice.
    [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  it('started together on an empty database: one applied the migrations, the other found them done', async () => {
    const applied = [migrationsApplied(a), migrationsApplied(b)].sort((x, y) => x - y);
    expect(applied[0]).toBe(0);
    expect(applied[1]).toBeGreaterThan(0);
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    }
  });

  it('a session opened on one works on the other', async () => {
    const signup = await fetch(`${a.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signup.status).toBe(201);
    cookie = sessionCookie(signup);
    const me = await fetch(`${b.url}/api/users/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(account.email);
  });

  it('a part created on one is listed on the other, with a photo uploaded on one and served by the other', async () => {
    const form = new FormData();
    form.append(
      'my_file',
      new Blob([new Uint8Array(await makePhoto(640, 480, 7))], { type: 'image/jpeg' }),
      'foto.jpg',
    );
    const upload = await fetch(`${a.url}/api/componenti/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const photo = (await upload.json()) as UploadResult;

    const input = partInput({ nome: 'Faro condiviso', urlImmagine: photo.secure_url });
    const created = await fetch(`${a.url}/api/componenti/crea-componente`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify(input),
    });
    expect(created.status).toBe(201);
    const part = (await created.json()) as Part;

    const listed = await fetch(`${b.url}/api/componenti?nome=${encodeURIComponent('condiviso')}&limit=20`, {
      headers: { cookie },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(((await listed.json()) as Part[]).map((p) => p._id)).toEqual([part._id]);
    const categories = await fetch(`${b.url}/api/componenti/categorie`, { headers: { cookie } });
    expect(await categories.json()).toContainEqual({ categoria: input.categoria, count: 1 });

    const served = await fetch(`${b.url}${photo.secure_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await served.arrayBuffer()).byteLength).toBe(photo.bytes);
    const thumbnail = await fetch(`${b.url}${photo.thumbnail_url}`);
    expect(thumbnail.status).toBe(200);
  });

  it("an edit on one with the other's stale ETag gets 412", async () => {
    const created = await fetch(`${b.url}/api/componenti/crea-componente`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: b.url },
      body: JSON.stringify(partInput({ nome: 'Specchietto' })),
    });
    const part = (await created.json()) as Part;
    const read = await fetch(`${b.url}/api/componenti/${part._id}`, { headers: { cookie } });
    const etag = read.headers.get('etag') ?? '';
    expect(etag).not.toBe('');

    const edit = (server: RunningServer, peso: number) =>
      fetch(`${server.url}/api/componenti/modifica/${part._id}`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json', origin: server.url, 'if-match': etag },
        body: JSON.stringify({ peso }),
      });
    expect((await edit(a, 2.5)).status).toBe(200);
    // B read the part before A's edit: its ETag is stale everywhere.
    const stale = await edit(b, 3);
    expect(stale.status).toBe(412);
    const now = (await (
      await fetch(`${b.url}/api/componenti/${part._id}`, { headers: { cookie } })
    ).json()) as Part;
    expect(now.peso).toBe(2.5);
  });

  it('the sign-in limit counts the failures on both instances together', async () => {
    // 10 wrong passwords per account and address in 15 minutes (accounts.limits.ts): 5 on each.
    const wrong = (server: RunningServer) =>
      fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: account.email, password: 'Sbagliata-2025!' }),
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await wrong(a)).status).toBe(401);
      expect((await wrong(b)).status).toBe(401);
    }
    // Each instance alone has seen 5; together they have seen the 10 the limit allows.
    const refused = await wrong(a);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await wrong(b)).status).toBe(429);
    // The right password is refused too while the limit holds: the guesser learns nothing.
    const right = await fetch(`${b.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: b.url },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(right.status).toBe(429);
  });
});
