import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

/** A tiny built web app: index.html and one hashed asset with its brotli twin. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="it"><div id="root"></div></html>',
  );
  const script = 'console.log("magazzino");\n'.repeat(100);
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  // What the build writes per route (vite.config.ts, routeShells): one listed page is missing.
  fs.mkdirSync(path.join(dir, 'routes'));
  const shell = (chunk: string) =>
    `<!doctype html><html lang="it"><head><link rel="modulepreload" href="/assets/${chunk}.js"></head><div id="root"></div></html>`;
  fs.writeFileSync(path.join(dir, 'routes/part.html'), shell('PartPage-1'));
  fs.writeFileSync(path.join(dir, 'routes/parts.html'), shell('PartsListPage-2'));
  fs.writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify([
      { path: '/componente/:id', file: 'routes/part.html' },
      { path: '/elencocomponenti', file: 'routes/parts.html' },
      { path: '/consultacategorie', file: 'routes/categories.html' },
    ]),
  );
  return dir;
}

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await buildTestApp('sqlite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('magazzino');
    // The page's CSP governs its scripts: theirs would be bytes for nothing. The rest stay.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the pages with their CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/elencocomponenti' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends the plain asset to a client that does not accept brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('console.log("magazzino")');
  });

  it('never serves a source map of the build, nor index.html in its place', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sources');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers deep links with index.html, revalidated on every load', async () => {
    for (const url of [
      '/',
      '/elencocomponenti?nome=faro',
      '/modificacomponente/abc',
      '/una/pagina/sconosciuta',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("answers a route with the page that preloads its screen's chunks", async () => {
    const cases = [
      ['/componente/5f0c%20a', 'PartPage-1'],
      ['/componente/abc/', 'PartPage-1'],
      ['/elencocomponenti?nome=faro&offset=20', 'PartsListPage-2'],
      // Listed but not built, a longer path, an unknown one: the plain index.html.
      ['/consultacategorie', undefined],
      ['/componente/abc/altro', undefined],
      ['/una/pagina/sconosciuta', undefined],
    ] as const;
    for (const [url, chunk] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      if (chunk) expect(res.body, url).toContain(`/assets/${chunk}.js`);
      else expect(res.body, url).not.toContain('modulepreload');
    }
  });

  it('keeps API and media paths out of the web app: unknown ones get the 404 JSON', async () => {
    for (const url of ['/api/sconosciuta', '/media/nulla.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/elencocomponenti' });
    expect(post.statusCode).toBe(404);
  });
});
