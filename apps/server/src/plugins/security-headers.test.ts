import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../test/app.js';
import { imageOf, uploadForm } from '../../test/images.js';
import { inlineScriptHashes } from './security-headers.js';

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/** Exactly these security headers, on every kind of answer. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self), geolocation=(), microphone=()',
};

/** Headers helmet sends by default that this app does not (see security-headers.ts for why). */
const NOT_SENT = [
  'strict-transport-security',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
];

describe('security headers', () => {
  let t: TestApp;
  let session: Session;
  let webDist: string;
  let image: UploadResult;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp('sqlite', { WEB_DIST: webDist });
    session = await signIn(t.app);
    const upload = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('png', { width: 20, height: 20 })),
    });
    image = upload.json<UploadResult>();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('are the same on the web app, the API (answers and errors) and the images', async () => {
    const responses = {
      page: await t.app.inject({ method: 'GET', url: '/' }),
      api: await session.inject({ method: 'GET', url: '/api/componenti?limit=1' }),
      apiError: await t.app.inject({ method: 'GET', url: '/api/componenti' }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/sconosciuta' }),
      image: await t.app.inject({ method: 'GET', url: image.secure_url }),
    };
    for (const [name, res] of Object.entries(responses)) {
      expect(res.headers, name).toMatchObject(SECURITY_HEADERS);
      const csp = String(res.headers['content-security-policy']);
      expect(
        csp.split(';').map((directive) => directive.trim()),
        name,
      ).toEqual(CSP);
      for (const header of NOT_SENT) expect(res.headers, `${name}: ${header}`).not.toHaveProperty(header);
    }
    expect(responses.image.headers['content-type']).toBe('image/webp');
    // API answers, errors included, are never kept by a cache; pages and images keep their rules.
    for (const name of ['api', 'apiError', 'notFound'] as const) {
      expect(responses[name].headers['cache-control'], name).toBe('no-store');
    }
    expect(responses.image.headers['cache-control']).not.toBe('no-store');
    expect(responses.page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('inline scripts of the web app', () => {
  const script = "\n      try { document.documentElement.dataset.x = '1'; } catch (e) {}\n    ";
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><head><script>${script}</script><script type="module" src="/assets/a.js"></script></head>`,
    );
    t = await buildTestApp('sqlite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('are allowed by their SHA-256 only, read from the built index.html', async () => {
    const hash = createHash('sha256').update(script).digest('base64');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const directives = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(directives).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
    expect(directives.filter((d) => d.startsWith('script-src'))).toHaveLength(1);
    // WebAssembly may be compiled (the QR reader), JavaScript strings never evaluated.
    expect(directives.join(';')).not.toContain("'unsafe-eval'");
  });

  it('are none without a built web app', () => {
    expect(inlineScriptHashes(path.join(webDist, 'missing'))).toEqual([]);
  });
});

describe('over HTTPS behind a trusted proxy', () => {
  const account = { email: 'https@example.it', password: 'Faro-di-prova-2025!', username: 'H' };
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp('sqlite', { TRUST_PROXY: '1' });
    direct = await buildTestApp('sqlite');
    for (const { app } of [behindProxy, direct]) {
      const res = await app.inject({ method: 'POST', url: '/api/users/signup', payload: account });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  /** Signs the account in on `app`; answers the reply (always 200 with a session cookie). */
  const signInOver = async (app: TestApp['app'], headers: Record<string, string>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers,
      payload: { email: account.email, password: account.password },
    });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((cookie) => cookie.name === 'magazzino_sid');
    expect(session?.value).toMatch(/^[\w-]{43}$/);
    return { res, secure: session?.secure === true };
  };

  it('sends HSTS and a Secure session cookie when the proxy says the request came over HTTPS', async () => {
    const { res, secure } = await signInOver(behindProxy.app, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(secure).toBe(true);
    const health = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends neither over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const plain = await signInOver(behindProxy.app, {});
    expect(plain.res.headers['strict-transport-security']).toBeUndefined();
    expect(plain.secure).toBe(false);
    const claimed = await signInOver(direct.app, { 'x-forwarded-proto': 'https' });
    expect(claimed.res.headers['strict-transport-security']).toBeUndefined();
    expect(claimed.secure).toBe(false);
  });
});
