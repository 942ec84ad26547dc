import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.js';
import { approveSignup } from './app.js';

/** Sign-up input with a unique email; any field can be overridden. */
export function newUserInput(overrides: Partial<{ email: string; password: string; username: string }> = {}) {
  return {
    email: `utente-${randomUUID()}@example.test`,
    password: 'password-sicura-1',
    username: 'Mario Rossi',
    ...overrides,
  };
}

/** POST /api/users/signup. */
export function signup(app: App, body: unknown, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/users/signup', payload: body as object, remoteAddress });
}

/**
 * A new account that can sign in, and its signed-in answer: POST /api/users/signup, then (unless
 * the sign-up signed it in, as it does an installation's first account) the approval an
 * amministratore would give and POST /api/users/login, from the same address.
 */
export async function register(
  app: App,
  input: { email: string; password: string; username: string } = newUserInput(),
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const res = await signup(app, input, remoteAddress);
  if (res.statusCode === 201) return res;
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  await approveSignup(app, input.email);
  const signedIn = await login(app, input.email, input.password, remoteAddress);
  if (signedIn.statusCode !== 200) throw new Error(`login failed: ${signedIn.statusCode} ${signedIn.body}`);
  return signedIn;
}

/** POST /api/users/login. */
export function login(
  app: App,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
}

/** GET /api/users/me with `cookie` (or none). */
export function me(app: App, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/users/me', headers: cookie ? { cookie } : {} });
}

/** A log sink for `buildTestApp(..., { logStream })`: every JSON line the app writes. */
export function collectLogs() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    /** Parsed entries whose `msg` equals `message`. */
    find: (message: string) =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === message),
  };
}

/** Resolves once `check` returns a value, polling every 25 ms; rejects after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
