import {
  EXAMPLE_PART_INPUT,
  EXAMPLE_VEHICLE_INPUT,
  type Part,
  type User,
  type UserAccount,
  type Vehicle,
} from '@magazzino/contract';
import type { PublicUser } from '../lib/session/session-store';
import { jsonResponse } from './mock-api';

/** The clerk signed in for tests (their drafts are kept under this id): a magazziniere. */
export const TEST_USER: PublicUser = {
  _id: 'u-1',
  email: 'mario.rossi@example.it',
  username: 'Mario',
  role: 'magazziniere',
};

/** A user as the server answers it, with overrides. */
export function makeUser(overrides: Partial<User> = {}): User {
  return { ...TEST_USER, createdAt: '2025-01-01T00:00:00.000Z', ...overrides };
}

/** An account as GET /api/users lists it (an active magazziniere), with overrides. */
export function makeAccount(overrides: Partial<UserAccount> = {}): UserAccount {
  return { ...makeUser(), status: 'attivo', ...overrides };
}

/**
 * A stored part as the server answers it, with overrides. Its photos agree with each other: given
 * `immagini` (and `miniature`), the cover is the first; given only `urlImmagine`, it is the one photo.
 */
export function makePart(overrides: Partial<Part> = {}): Part {
  const cover = 'urlImmagine' in overrides ? overrides.urlImmagine : '/media/0123456789abcdef.webp';
  const coverThumb =
    'urlMiniatura' in overrides ? overrides.urlMiniatura : cover && '/media/0123456789abcdef-thumb.webp';
  const immagini = overrides.immagini ?? (cover ? [cover] : []);
  const miniature =
    overrides.miniature ?? (overrides.immagini ? immagini : coverThumb ? [coverThumb] : immagini);
  return {
    _id: '0190a0b0-0000-7000-8000-000000000001',
    codiceRicambio: 'R-000001',
    ...EXAMPLE_PART_INPUT,
    veicolo: null,
    compatibilita: [],
    stato: 'disponibile',
    riserva: null,
    vendita: null,
    version: 1,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
    urlImmagine: immagini[0] ?? null,
    urlMiniatura: miniature[0] ?? null,
    immagini,
    miniature,
  };
}

/** A stored donor vehicle as the server answers it (no photos, no parts), with overrides. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: '0190a0b0-0000-7000-8000-0000000000v1',
    ...EXAMPLE_VEHICLE_INPUT,
    immagini: [],
    miniature: [],
    componenti: 0,
    version: 1,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The server's answer to a call without a valid session. */
export const unauthenticated = () =>
  jsonResponse(401, { error: 'Accesso richiesto: effettua il login.', code: 'UNAUTHENTICATED' });

/** GET /api/users/me of a session that is valid: TEST_USER is signed in. */
export const ME_SIGNED_IN = { 'GET /api/users/me': () => jsonResponse(200, makeUser()) };

/** GET /api/users/me/two-factor of an account without two-factor sign-in (the account page asks). */
export const TWO_FACTOR_OFF = {
  'GET /api/users/me/two-factor': () =>
    jsonResponse(200, { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false }),
};

/** GET /api/users/me without a session: a visitor. */
export const ME_SIGNED_OUT = { 'GET /api/users/me': unauthenticated };
