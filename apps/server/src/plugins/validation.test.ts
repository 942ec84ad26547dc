import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { newUserInput } from '../../test/accounts.js';
import { DIALECTS } from '../../test/databases.js';

// Found by the fuzz suite (src/app.fuzz.test.ts): an input the contract's schema gives no message
// for was answered with zod's English default ("Invalid input: expected object, received null").
describe.each(DIALECTS)('messages of the request validation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('says in Italian that a missing body must be a JSON object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/signup' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Alcuni campi non sono validi: Il corpo della richiesta deve essere un oggetto JSON',
      code: 'VALIDATION',
      fields: { _: 'Il corpo della richiesta deve essere un oggetto JSON' },
    });
  });

  it('names in Italian a field of the wrong type that its schema gives no message for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { password: 'una-password-nuova-lunga', token: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { token: 'Il campo token non è valido' },
    });
  });

  it("keeps the contract's own messages where a schema has them", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: newUserInput({ email: 42 as unknown as string }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { email: "L'email è obbligatoria" } });
  });
});
