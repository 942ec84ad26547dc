import { ApiErrorSchema, PartInputSchema, PART_FIELDS, type Part } from '@magazzino/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type Session, type TestApp } from '../test/app.js';
import { signup, newUserInput } from '../test/accounts.js';
import { DIALECTS } from '../test/databases.js';
import { seedParts } from '../test/factories.js';
import { fuzzRequest, validPartInput, type FuzzPool, type FuzzRequest } from '../test/fuzz-requests.js';
import { RecordingMailer } from '../test/recording-mailer.js';
import { publicRoutes, routeKey } from '../test/roles.js';
import type { App } from './app.js';
import { newId } from './lib/ids.js';
import { foldText } from './lib/text-fold.js';
import type { RegisteredRoute } from './plugins/route-list.js';

/**
 * Property-based fuzzing of every route in the route table (a new route is fuzzed without being
 * named here): hostile paths, query strings, JSON bodies and headers, on both dialects. Every
 * answer is below 500; every 4xx is the contract's error JSON in Italian, without stack or SQL;
 * a refused write changes nothing in the database; a valid part round-trips.
 *
 * Deterministic by default; FUZZ_SEED and FUZZ_RUNS (per route, per dialect) widen a local run:
 * `FUZZ_RUNS=1000 FUZZ_SEED=$RANDOM npx vitest run --project server src/app.fuzz.test.ts`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Room for longer local runs: about 60 ms a request on PostgreSQL at worst, per route. */
const TIMEOUT_MS = 30_000 + RUNS * 1_500;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PUBLIC = publicRoutes();
/** Ends the session it is sent with: fuzzed without the amministratore's cookie (see `poolFor`). */
const SESSION_ENDING = new Set(['POST /api/users/logout']);

/** What no error message may show: stacks, source paths, SQL, driver errors. */
const LEAK =
  /(\bat [^\n]+:\d+:\d+|node_modules|\.[jt]s:\d|\/work\/|\/tmp\/|SQLITE_|syntax error|\bselect\b.+\bfrom\b|insert into|delete from|relation "|violates|duplicate key|TypeError|ZodError|\bstack\b)/i;
/** English words that betray a library's default message instead of the catalogue's Italian. */
const ENGLISH = /\b(invalid|expected|received|required|must|should|unexpected|cannot|the|is|not|too)\b/i;

/** A cheap fingerprint of every table a request could change (rate-limit counters excepted). */
async function fingerprint(app: App): Promise<string> {
  const db = app.db;
  const tables = await Promise.all([
    db
      .selectFrom('parts')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.max('updated_at').as('u'),
        eb.fn.sum('version').as('v'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['id', 'role', 'status', 'updated_at', 'password_hash'])
      .orderBy('id')
      .execute(),
    db.selectFrom('account_settings').selectAll().execute(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('trusted_devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('password_resets')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('used_at').as('used')])
      .executeTakeFirst(),
    db
      .selectFrom('media')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db.selectFrom('part_category_counts').selectAll().orderBy('categoria').orderBy('stato').execute(),
    db.selectFrom('part_condition_counts').selectAll().orderBy('condizione').execute(),
    db
      .selectFrom('part_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db.selectFrom('parts_bin').select(['id', 'deleted_at']).orderBy('id').execute(),
    // Two-factor sign-in: who has it (or is enrolling), and how many recovery codes each has.
    db
      .selectFrom('two_factor')
      .leftJoin('two_factor_recovery_codes', 'two_factor_recovery_codes.user_id', 'two_factor.user_id')
      .select((eb) => [
        'two_factor.user_id',
        'two_factor.enabled_at',
        eb.fn.count('two_factor_recovery_codes.code_hash').as('codes'),
      ])
      .groupBy(['two_factor.user_id', 'two_factor.enabled_at'])
      .orderBy('two_factor.user_id')
      .execute(),
  ]);
  return JSON.stringify(tables, (_key, value: unknown) =>
    typeof value === 'bigint' || typeof value === 'number' ? String(value) : value,
  );
}

function describeRequest(request: FuzzRequest): string {
  return JSON.stringify({ ...request, payload: request.payload?.slice(0, 300) });
}

/** Every 4xx is ApiError: an Italian message (and field messages), nothing internal. */
function checkErrorBody(route: RegisteredRoute, response: LightMyRequestResponse): void {
  // 416 answers a byte range of an image with Content-Range and no body (RFC 9110).
  if (response.statusCode === 416 && route.url.startsWith('/media/')) return;
  const parsed = ApiErrorSchema.safeParse(JSON.parse(response.body));
  if (!parsed.success) throw new Error(`not an ApiError: ${response.body.slice(0, 300)}`);
  for (const message of [parsed.data.error, ...Object.values(parsed.data.fields ?? {})]) {
    if (LEAK.test(message)) throw new Error(`internal detail in the message: ${message}`);
    if (ENGLISH.test(message)) throw new Error(`message not in Italian: ${message}`);
  }
}

/** The fields stored in the spelling already in use when one folds the same (docs/product.md). */
const SPELLING_FIELDS: ReadonlySet<string> = new Set(['categoria', 'condizione']);

describe.each(DIALECTS)('fuzzing every route on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let pool: FuzzPool;
  let requests = 0;
  let fuzzed: string[] = [];
  const statuses = new Map<number, number>();
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // Mail is recorded, not written to the outbox: reset links and approvals stay in memory.
    t = await buildTestApp(dialect, {}, { mailer: new RecordingMailer() });
    admin = await signIn(t.app);
    const others = [await signIn(t.app), await signIn(t.app)];
    // An account waiting for approval, so approve and reject sometimes hit one.
    const waiting = newUserInput();
    await signup(t.app, waiting, '10.250.0.1');
    const parts = await seedParts(t.app.db, 12, (i) => ({ categoria: i % 2 ? 'Illuminazione' : 'Motore' }));
    const etags = await Promise.all(
      parts.slice(0, 3).map(async (part) => {
        const res = await admin.inject({ method: 'GET', url: `/api/componenti/${part.id}` });
        return String(res.headers.etag);
      }),
    );
    const accounts = await t.app.users.list();
    pool = {
      // Never the amministratore's own id: demoting or disabling the fuzzer would turn every later
      // request into a 403 and leave the routes behind the guard unexplored.
      pathValues: [
        ...parts.map((part) => part.id),
        ...others.map((session) => session.user._id),
        ...accounts.filter((a) => a._id !== admin.user._id).map((a) => a._id),
        // Well formed, but no part has it.
        newId(Date.now()),
        'Illuminazione',
        'A',
        '1',
        '2',
        '3',
      ],
      etags,
      sessionCookie: admin.cookie,
    };
  });

  afterAll(async () => {
    console.log(
      `fuzz on ${dialect}: ${requests} requests to ${fuzzed.length} routes, seed ${SEED}, ${RUNS} runs a route, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; answers ` +
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
    );
    await t.close();
  });

  async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    requests += 1;
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    return response;
  }

  /** The routes to fuzz: every one but HEAD twins (the GET is fuzzed). */
  const fuzzedRoutes = () => t.app.registeredRoutes.filter((route) => route.method !== 'HEAD');

  it(
    'answers every hostile request to every route without a 5xx, in the contract, changing nothing when refused',
    async () => {
      const routes = fuzzedRoutes();
      fuzzed = routes.map(routeKey);
      expect(routes.length).toBeGreaterThan(20);
      for (const [index, route] of routes.entries()) {
        const key = routeKey(route);
        const guarded = !PUBLIC.includes(key);
        const routePool = SESSION_ENDING.has(key) ? { ...pool, sessionCookie: 'magazzino_sid=altro' } : pool;
        await fc.assert(
          fc.asyncProperty(fuzzRequest(route, routePool, guarded), async (request) => {
            const before = WRITES.has(request.method) ? await fingerprint(t.app) : undefined;
            const response = await send(request);
            const status = response.statusCode;
            const context = `${key} ← ${describeRequest(request)} → ${status} ${response.body.slice(0, 300)}`;
            if (status >= 500) throw new Error(`5xx: ${context}`);
            if (status >= 400) {
              try {
                checkErrorBody(route, response);
              } catch (error) {
                throw new Error(`${(error as Error).message}: ${context}`);
              }
              if (before !== undefined && (await fingerprint(t.app)) !== before) {
                throw new Error(`refused write changed the database: ${context}`);
              }
            }
          }),
          { seed: SEED + index, numRuns: RUNS },
        );
        // The fuzzer is still signed in (no route it was sent to ended its session).
        const me = await admin.inject({ method: 'GET', url: '/api/users/me' });
        expect(me.statusCode, `session lost after fuzzing ${key}`).toBe(200);
      }
    },
    TIMEOUT_MS,
  );

  it(
    'round-trips every valid generated part: created, read back as the contract normalises it, deleted',
    async () => {
      await fc.assert(
        fc.asyncProperty(validPartInput, async (input) => {
          const expected = PartInputSchema.parse(input);
          const created = await send({
            method: 'POST',
            url: '/api/componenti/crea-componente',
            headers: { cookie: admin.cookie, 'content-type': 'application/json' },
            payload: JSON.stringify(input),
          });
          expect(created.statusCode, created.body).toBe(201);
          const part = created.json<Part>();
          for (const field of PART_FIELDS) {
            // A categoria or condizione already stored with another spelling that folds the same
            // ('𝅘𝅥𝅯' and '𝅘𝅥', 'carrozzeria' and 'Carrozzeria') is saved in that spelling.
            if (SPELLING_FIELDS.has(field))
              expect(foldText(String(part[field])), field).toBe(foldText(String(expected[field])));
            else expect(part[field], field).toEqual(expected[field]);
          }
          expect(part.urlImmagine).toEqual(expected.urlImmagine ?? null);
          const read = await send({
            method: 'GET',
            url: `/api/componenti/${part._id}`,
            headers: { cookie: admin.cookie },
          });
          expect(read.statusCode).toBe(200);
          expect(read.json<Part>()).toEqual(part);
          const deleted = await send({
            method: 'DELETE',
            url: `/api/componenti/delete/${part._id}`,
            headers: { cookie: admin.cookie },
          });
          expect(deleted.statusCode).toBe(204);
          const gone = await send({
            method: 'GET',
            url: `/api/componenti/${part._id}`,
            headers: { cookie: admin.cookie },
          });
          expect(gone.statusCode).toBe(404);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
