import type { Role, User } from '@magazzino/contract';
import type { App } from '../src/app.js';
import type { RegisteredRoute } from '../src/plugins/route-list.js';
import { signIn, type Session } from './app.js';

/**
 * The routes that answer without a session, written `METHOD /path` with parameters as `:p` (a
 * GET's HEAD twin goes with it). Every other route, of any module, is guarded and declares a
 * permission. `webFiles` are the files of a built web app, each one a route when WEB_DIST is set.
 */
export function publicRoutes(webFiles: readonly string[] = []): string[] {
  return [
    'GET /api/health',
    // Probed by a load balancer or proxy, which has no session.
    'GET /api/health/ready',
    'GET /api/docs',
    'GET /api/users/signup',
    'POST /api/users/signup',
    'POST /api/users/login',
    // The code step of a sign-in with two-factor sign-in: its challenge cookie, not a session.
    'POST /api/users/login/two-factor',
    'POST /api/users/logout',
    'POST /api/users/forgot-password',
    'POST /api/users/reset-password',
    'POST /api/users/reset-password/:p',
    // The stored photos: public, their names cannot be guessed (docs/product.md, "Photos").
    'GET /media/:p',
    // The web app and its assets: the sign-in screen loads before anyone has signed in.
    ...webFiles.map((file) => `GET /${file}`),
  ];
}

/** `METHOD /path` with its parameters written `:p`, HEAD as the GET it mirrors, no trailing slash. */
export function routeKey(route: Pick<RegisteredRoute, 'method' | 'url'>): string {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  const url = route.url.replace(/:[^/]+/g, ':p').replace(/(.)\/$/, '$1');
  return `${method} ${url}`;
}

/** A URL that reaches `route`: every parameter (and wildcard) filled with `prova`. */
export function sampleUrl(route: Pick<RegisteredRoute, 'url'>): string {
  return route.url.replace(/:[^/]+/g, 'prova').replace(/\*/g, 'prova');
}

/**
 * PATCH /api/users/{id} by `admin`: sets `role` (and/or `status`) of account `id`. Throws unless
 * the server answers 200.
 */
export async function setAccess(
  admin: Session,
  id: string,
  changes: { role?: Role; status?: 'attivo' | 'disabilitato' },
): Promise<User> {
  const res = await admin.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: changes });
  if (res.statusCode !== 200) throw new Error(`PATCH /api/users/${id}: ${res.statusCode} ${res.body}`);
  return res.json<User>();
}

/**
 * A signed-in client of a fresh account with `role`, set by `admin` (an amministratore's session:
 * the first `signIn` of an app is one).
 */
export async function signInAs(app: App, admin: Session, role: Role): Promise<Session> {
  const session = await signIn(app);
  if (session.user.role === role) return session;
  const user = await setAccess(admin, session.user._id, { role });
  return { ...session, user };
}
