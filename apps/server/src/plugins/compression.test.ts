import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression, { chooseEncoding } from './compression.js';

const parts = Array.from({ length: 20 }, (_, i) => ({
  _id: `p-${i}`,
  nome: `Faro anteriore ${i}`,
  marca: 'Fiat',
}));

describe('compressed JSON answers', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(compression);
    app.get('/api/componenti', () => parts);
    app.get('/api/health', () => ({ status: 'ok' }));
    app.get('/api/export', (_request, reply) =>
      reply.type('application/json').send(Readable.from([JSON.stringify(parts)])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends brotli to a browser that accepts it, and the same JSON comes out', async () => {
    const res = await app.inject({
      url: '/api/componenti',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(parts).length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(parts);
  });

  it('sends gzip where brotli is not accepted, and plain JSON where nothing is', async () => {
    const gzipped = await app.inject({
      url: '/api/componenti',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(parts);
    const plain = await app.inject({ url: '/api/componenti' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(parts);
  });

  it('leaves small answers and streams as they are', async () => {
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const stream = await app.inject({ url: '/api/export', headers: { 'accept-encoding': 'br' } });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(parts);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
