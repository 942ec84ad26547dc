import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served at /api/docs, generated from the contract schemas, and leaves itself out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths).toHaveProperty('/api/health');
    expect(doc.paths).not.toHaveProperty('/api/docs');
    expect(doc.components.schemas).toHaveProperty('ApiError');
  });
});
