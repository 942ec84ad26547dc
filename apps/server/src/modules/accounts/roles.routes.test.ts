import {
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
  type Part,
  type Permission,
  type Role,
  type User,
} from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, uploadForm } from '../../../test/images.js';
import { publicRoutes, routeKey, sampleUrl, setAccess, signInAs } from '../../../test/roles.js';

const ALL: readonly Role[] = ['amministratore', 'magazziniere', 'sola_lettura'];
const WRITERS: readonly Role[] = ['amministratore', 'magazziniere'];
const ADMINS: readonly Role[] = ['amministratore'];

/**
 * The role table (docs/product.md, "Roles"): every guarded route, the permission it declares and
 * the roles that get past the guard. A route registered without a line here, or without a
 * declared permission, fails the suite; so does a line whose route is gone.
 */
const ROUTE_RULES: Record<string, { permission: Permission; roles: readonly Role[] }> = {
  'GET /api/users/me': { permission: 'profile:read', roles: ALL },
  'POST /api/users/me/password': { permission: 'profile:write', roles: ALL },
  'DELETE /api/users/me/sessions': { permission: 'profile:write', roles: ALL },
  'GET /api/users/me/two-factor': { permission: 'profile:two-factor', roles: ALL },
  'POST /api/users/me/two-factor/setup': { permission: 'profile:two-factor', roles: ALL },
  'POST /api/users/me/two-factor/confirm': { permission: 'profile:two-factor', roles: ALL },
  'POST /api/users/me/two-factor/recovery-codes': { permission: 'profile:two-factor', roles: ALL },
  'POST /api/users/me/two-factor/disable': { permission: 'profile:two-factor', roles: ALL },
  'DELETE /api/users/:p/two-factor': { permission: 'users:manage', roles: ADMINS },
  'PUT /api/users/settings/two-factor': { permission: 'users:manage', roles: ADMINS },
  'GET /api/users': { permission: 'users:manage', roles: ADMINS },
  'PATCH /api/users/:p': { permission: 'users:manage', roles: ADMINS },
  'POST /api/users/:p/approve': { permission: 'users:manage', roles: ADMINS },
  'POST /api/users/:p/reject': { permission: 'users:manage', roles: ADMINS },
  'POST /api/users/:p/password-reset': { permission: 'users:manage', roles: ADMINS },
  'GET /api/users/settings': { permission: 'users:manage', roles: ADMINS },
  'PUT /api/users/settings': { permission: 'users:manage', roles: ADMINS },
  'GET /api/componenti': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/categorie': { permission: 'parts:read', roles: ALL },
  'POST /api/componenti/categorie/rinomina': { permission: 'categories:manage', roles: ADMINS },
  'GET /api/componenti/export.csv': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/export.xlsx': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/singolacategoria/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/condizioni': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/magazzino/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/magazzino/:p/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/magazzino/:p/:p/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/magazzino/:p/:p/:p/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/componenti/codice/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/ubicazioni': { permission: 'parts:read', roles: ALL },
  'POST /api/componenti/crea-componente': { permission: 'parts:write', roles: WRITERS },
  'PATCH /api/componenti/modifica/:p': { permission: 'parts:write', roles: WRITERS },
  'DELETE /api/componenti/delete/:p': { permission: 'parts:write', roles: WRITERS },
  'POST /api/componenti/upload': { permission: 'parts:write', roles: WRITERS },
  'POST /api/componenti/stato/:p': { permission: 'parts:write', roles: WRITERS },
  'GET /api/componenti/storico/:p': { permission: 'parts:read', roles: ALL },
  'GET /api/attivita': { permission: 'parts:read', roles: ALL },
  'GET /api/attivita/utenti': { permission: 'parts:read', roles: ALL },
  'GET /api/cestino': { permission: 'parts:write', roles: WRITERS },
  'POST /api/cestino/:p/ripristina': { permission: 'parts:write', roles: WRITERS },
  // Imports of parts from spreadsheets (modules/imports).
  'POST /api/importazioni': { permission: 'parts:write', roles: WRITERS },
  'GET /api/importazioni': { permission: 'parts:write', roles: WRITERS },
  'GET /api/importazioni/:p': { permission: 'parts:write', roles: WRITERS },
  'POST /api/importazioni/:p/anteprima': { permission: 'parts:write', roles: WRITERS },
  'POST /api/importazioni/:p/esegui': { permission: 'parts:write', roles: WRITERS },
  'GET /api/importazioni/:p/scartate.csv': { permission: 'parts:write', roles: WRITERS },
  'DELETE /api/cestino/:p': { permission: 'bin:empty', roles: ADMINS },
  'DELETE /api/cestino': { permission: 'bin:empty', roles: ADMINS },
  'GET /api/veicoli': { permission: 'parts:read', roles: ALL },
  'GET /api/veicoli/:p': { permission: 'parts:read', roles: ALL },
  'POST /api/veicoli': { permission: 'parts:write', roles: WRITERS },
  'PATCH /api/veicoli/:p': { permission: 'parts:write', roles: WRITERS },
  'DELETE /api/veicoli/:p': { permission: 'parts:write', roles: WRITERS },
  'GET /api/sessioni': { permission: 'profile:read', roles: ALL },
  'DELETE /api/sessioni': { permission: 'profile:write', roles: ALL },
  'DELETE /api/sessioni/:p': { permission: 'profile:write', roles: ALL },
  'GET /api/users/:p/sessioni': { permission: 'users:manage', roles: ADMINS },
  'DELETE /api/users/:p/sessioni/:p': { permission: 'users:manage', roles: ADMINS },
  'GET /api/sicurezza/registro': { permission: 'security-log:read', roles: ADMINS },
};

const PUBLIC_ROUTES = publicRoutes();

describe.each(DIALECTS)('roles on %s', (dialect) => {
  let t: TestApp;
  let sessions: Record<Role, Session>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // The first account of the installation is the amministratore.
    const admin = await signIn(t.app);
    sessions = {
      amministratore: admin,
      magazziniere: await signInAs(t.app, admin, 'magazziniere'),
      sola_lettura: await signInAs(t.app, admin, 'sola_lettura'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const guardedRoutes = () =>
    t.app.registeredRoutes.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route)));

  it('has a rule for every guarded route, and each role holds exactly the permissions of the table', () => {
    const declared = new Map<string, Permission | undefined>();
    for (const route of guardedRoutes()) declared.set(routeKey(route), route.config?.permission);
    expect([...declared.keys()].sort()).toEqual(Object.keys(ROUTE_RULES).sort());
    for (const [key, rule] of Object.entries(ROUTE_RULES)) {
      expect(declared.get(key), `${key} declares its permission`).toBe(rule.permission);
      const holders = ROLES.filter((role) =>
        (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(rule.permission),
      );
      expect(holders, `roles holding ${rule.permission}`).toEqual(rule.roles);
    }
  });

  it('lets every role through the routes of its permissions and answers 403 FORBIDDEN on the others', async () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(ROUTE_RULES).length);
    for (const route of routes) {
      const rule = ROUTE_RULES[routeKey(route)];
      if (!rule) throw new Error(`no rule for ${route.method} ${route.url}`);
      for (const role of ROLES) {
        const res = await sessions[role].inject({
          method: route.method,
          url: sampleUrl(route),
          ...(['POST', 'PATCH', 'PUT'].includes(route.method) ? { payload: {} } : {}),
        });
        const what = `${role} on ${route.method} ${route.url}`;
        if (rule.roles.includes(role)) {
          expect([401, 403], `${what}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, what).toBe(403);
          if (route.method !== 'HEAD') {
            expect(res.json(), what).toEqual({
              code: 'FORBIDDEN',
              error: `Il tuo ruolo (${ROLE_LABELS[role]}) non permette questa operazione: se ti serve, chiedi a un amministratore.`,
            });
          }
        }
      }
    }
  });

  it('lets sola lettura look, search and export, and changes nothing when it tries to write', async () => {
    const reader = sessions.sola_lettura;
    const created = await sessions.magazziniere.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ nome: 'Faro di prova' }),
    });
    expect(created.statusCode).toBe(201);
    const part = created.json<Part>();

    expect((await reader.inject({ method: 'GET', url: `/api/componenti/${part._id}` })).json()).toEqual(part);
    expect((await reader.inject({ method: 'GET', url: '/api/componenti?q=faro' })).statusCode).toBe(200);
    expect((await reader.inject({ method: 'GET', url: '/api/componenti/export.csv' })).statusCode).toBe(200);

    const count = async () =>
      Number(
        (await reader.inject({ method: 'GET', url: '/api/componenti?limit=1' })).headers['x-total-count'],
      );
    const before = await count();
    const photo = await imageOf('jpeg');
    const attempts = await Promise.all([
      reader.inject({ method: 'POST', url: '/api/componenti/crea-componente', payload: partInput() }),
      reader.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        payload: { nome: 'Cambiato' },
      }),
      reader.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` }),
      reader.inject({ method: 'POST', url: '/api/componenti/upload', payload: uploadForm(photo) }),
    ]);
    expect(attempts.map((res) => res.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await count()).toBe(before);
    expect((await reader.inject({ method: 'GET', url: `/api/componenti/${part._id}` })).json()).toEqual(part);
  });

  it('applies a role change to the very next request of a signed-in user', async () => {
    const admin = sessions.amministratore;
    const clerk = await signInAs(t.app, admin, 'magazziniere');
    const create = () =>
      clerk.inject({ method: 'POST', url: '/api/componenti/crea-componente', payload: partInput() });
    expect((await create()).statusCode).toBe(201);

    await setAccess(admin, clerk.user._id, { role: 'sola_lettura' });
    expect((await create()).statusCode).toBe(403);
    expect((await clerk.inject({ method: 'GET', url: '/api/users/me' })).json<User>().role).toBe(
      'sola_lettura',
    );

    await setAccess(admin, clerk.user._id, { role: 'amministratore' });
    expect((await clerk.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    await setAccess(admin, clerk.user._id, { role: 'magazziniere' });
    expect((await clerk.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await create()).statusCode).toBe(201);
  });

  it('documents each route’s permission and its 403 in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    }>();
    const remove = doc.paths['/api/componenti/delete/{id}']?.delete;
    expect(remove?.description).toContain(
      'Permesso richiesto: `parts:write` (ruoli: amministratore, magazziniere).',
    );
    expect(Object.keys(remove?.responses ?? {})).toContain('403');
    const list = doc.paths['/api/users']?.get ?? doc.paths['/api/users/']?.get;
    expect(list?.description, Object.keys(doc.paths).join(' ')).toContain(
      '`users:manage` (ruoli: amministratore)',
    );
  });
});
