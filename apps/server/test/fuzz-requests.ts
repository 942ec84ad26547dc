import {
  AccountSettingsInputSchema,
  CategoryRenameInputSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LIMITS,
  LoginInputSchema,
  PART_FIELD_SPECS,
  PART_FIELDS,
  PartInputSchema,
  PartPatchSchema,
  ResetPasswordInputSchema,
  ROLES,
  SignupInputSchema,
  SORT_FIELDS,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  TwoFactorLoginInputSchema,
  TwoFactorRequiredInputSchema,
  UserApprovalInputSchema,
  UserUpdateInputSchema,
  type FieldSpec,
  type PartInputDraft,
} from '@magazzino/contract';
import fc from 'fast-check';
import { z } from 'zod';
import type { RegisteredRoute } from '../src/plugins/route-list.js';

/**
 * Generated hostile requests for the fuzz suite (src/app.fuzz.test.ts): any route of the route
 * table, its path, query, JSON body and headers, derived from the zod schemas the route declares.
 */

/** What the app knows about: ids and values a generated path or body sometimes hits. */
export interface FuzzPool {
  /** Values that exist (part and user ids, a category, location segments). */
  pathValues: string[];
  /** ETags of existing parts, for If-Match / If-None-Match. */
  etags: string[];
  /** `magazzino_sid=...` of the signed-in amministratore doing the fuzzing. */
  sessionCookie: string;
}

/** One request, ready for `app.inject`. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const STATIC_HOSTILE = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '.',
  '%',
  '_',
  '%_',
  '\\',
  "'",
  '"',
  "' or 1=1 --",
  "'; drop table parts; --",
  '%25',
  '%%',
  '*',
  '1e309',
  '-1e309',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '0x10',
  '1.5',
  '9007199254740993',
  '99999999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '😀🔧',
  '\u202eotnenopmoc',
  '\u200b',
  '\ufeff',
  'İstanbul ß ǅ',
  'a\u0301',
  '\ud800',
  '\u0000',
  'riga\nnuova',
  'tab\tqui',
  '<script>alert(1)</script>',
  '=SUM(A1:A9)',
  'x'.repeat(300),
  'é'.repeat(2100),
];

/** A hostile text: special values, arbitrary Unicode, numbers written oddly, very long text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STATIC_HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => 'z'.repeat(n)) },
);

/** Percent-encodes like a browser; a lone surrogate (which cannot be encoded) goes out as broken UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\x21-\x7e]/g, encodeURIComponent);
  }
}

/** Segments written straight into the URL: encoded slashes, NUL, broken or double encoding. */
const RAW_SEGMENTS = [
  '%2F',
  '..%2F..%2F',
  '%00',
  '%2e%2e',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '%252F',
  ';x',
  'a%20b',
];

const pathSegment = (pool: FuzzPool) =>
  fc.oneof(
    { weight: 3, arbitrary: hostileText.map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: fc.constantFrom(...pool.pathValues).map(encode) },
    { weight: 1, arbitrary: fc.constant(`${'a'.repeat(64)}.webp`) },
  );

/** A hostile JSON value; `"__RAW:<text>__"` strings become raw tokens (1e309, -0) in `jsonText`. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom('__RAW:1e309__', '__RAW:-0__', '__RAW:-1e309__', '__RAW:1E400__') },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((n) => nest(n)) },
);

function nest(depth: number): unknown {
  let value: unknown = 'fondo';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** The property names a zod object schema takes, read from its JSON Schema (none if it has none). */
export function propertyNames(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return Object.keys((json as { properties?: Record<string, unknown> }).properties ?? {});
  } catch {
    return [];
  }
}

const text = (max: number) =>
  fc
    .tuple(
      fc.constantFrom('', ' ', '  \u00a0'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 60) }),
      fc.constantFrom('', ' ', '\t '),
    )
    .map(([before, core, after]) => `${before}${core}${after}`)
    .filter((value) => {
      const trimmed = value.trim();
      // eslint-disable-next-line no-control-regex
      return trimmed.length > 0 && trimmed.length <= max && !/[\u0000-\u001f\u007f]/.test(trimmed);
    });

/** A valid part for POST /api/componenti/crea-componente, as a client could send it. */
export const validPartInput: fc.Arbitrary<PartInputDraft> = fc
  .record({
    texts: fc.record(
      Object.fromEntries(
        PART_FIELDS.map((name): [string, FieldSpec] => [name, PART_FIELD_SPECS[name]])
          .filter(([, spec]) => spec.kind === 'text' || spec.kind === 'longText')
          .map(([name, spec]) => [name, text(spec.maxLength ?? LIMITS.shortTextMax)]),
      ),
    ),
    peso: fc.oneof(
      fc.integer({ min: 0, max: LIMITS.pesoMax * 1000 }).map((g) => g / 1000),
      fc
        .integer({ min: 0, max: 99_999 })
        .map((g) => `${Math.floor(g / 1000)},${String(g % 1000).padStart(3, '0')}`),
      fc.constant(null),
    ),
    anno: fc.integer({ min: LIMITS.annoMin, max: new Date().getFullYear() + 1 }),
    annoAsNumber: fc.boolean(),
    urlImmagine: fc.option(fc.constantFrom('/media/abc123.webp', 'http://localhost/media/Zz_9-8.webp', '')),
  })
  .map(({ texts, peso, anno, annoAsNumber, urlImmagine }) => ({
    ...(texts as Record<string, string>),
    peso,
    annoImmatricolazione: annoAsNumber ? anno : String(anno),
    ...(urlImmagine === null ? {} : { urlImmagine }),
  })) as fc.Arbitrary<PartInputDraft>;

const email = fc.oneof(fc.emailAddress(), hostileText);
const password = fc.oneof(fc.string({ minLength: 12, maxLength: 40 }), hostileText);
/** A code of an authenticator app (6 digits, sometimes spaced), or anything. */
const code = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  fc.constantFrom('123 456', ' 000000 ', '12345', '1234567'),
  hostileText,
);
/** A recovery code's shape, `abcd-efgh-jk23`, in any case and spacing. */
const recoveryCode = fc
  .stringMatching(/^[a-z2-7]{12}$/)
  .chain((c) =>
    fc.constantFrom(`${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`, c.toUpperCase(), ` ${c} `),
  );

/** Valid (or nearly valid) bodies of the contract's input schemas, to mutate. */
const EXAMPLES = new Map<z.ZodType, fc.Arbitrary<Record<string, unknown>>>([
  [PartInputSchema, validPartInput],
  [
    PartPatchSchema,
    validPartInput.chain((part) => fc.subarray(Object.keys(part)).map((keys) => pick(part, keys))),
  ],
  [CategoryRenameInputSchema, fc.record({ da: fc.constantFrom('Illuminazione', 'Motore'), a: text(200) })],
  [
    UserUpdateInputSchema,
    fc.record(
      { role: fc.constantFrom(...ROLES), status: fc.constantFrom('attivo', 'disabilitato') },
      { requiredKeys: [] },
    ),
  ],
  [UserApprovalInputSchema, fc.record({ role: fc.constantFrom(...ROLES) })],
  [AccountSettingsInputSchema, fc.record({ signupRole: fc.constantFrom(...ROLES) })],
  [SignupInputSchema, fc.record({ email, password, username: text(50) })],
  [LoginInputSchema, fc.record({ email, password })],
  [ForgotPasswordInputSchema, fc.record({ email })],
  [ResetPasswordInputSchema, fc.record({ password, token: hostileText }, { requiredKeys: ['password'] })],
  [ChangePasswordInputSchema, fc.record({ currentPassword: password, newPassword: password })],
  [TwoFactorCodeInputSchema, fc.record({ codice: code })],
  [TwoFactorLoginInputSchema, fc.record({ codice: fc.oneof(code, recoveryCode) })],
  [TwoFactorDisableInputSchema, fc.record({ password, codice: fc.oneof(code, recoveryCode) })],
  [TwoFactorRequiredInputSchema, fc.record({ required: fc.boolean() })],
]);

function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}

/** A valid example mutated: fields dropped, given a hostile value, or extra fields added. */
function mutated(example: fc.Arbitrary<Record<string, unknown>>, keys: string[]) {
  const key = fc.oneof(fc.constantFrom(...keys, '__proto__', 'constructor', '_id', 'version'), hostileText);
  return fc
    .tuple(example, fc.array(fc.tuple(fc.constantFrom('drop', 'set'), key, hostileJson), { maxLength: 4 }))
    .map(([base, edits]) => {
      const body: Record<string, unknown> = { ...base };
      for (const [edit, name, value] of edits) {
        if (edit === 'drop') delete body[name];
        else
          Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
      }
      return body;
    });
}

/** A JSON body for a route declaring `schema`: valid examples, mutations of them, or anything at all. */
function jsonBody(schema: unknown): fc.Arbitrary<unknown> {
  const keys = propertyNames(schema);
  const example = schema instanceof z.ZodType ? EXAMPLES.get(schema) : undefined;
  const fromKeys =
    keys.length > 0
      ? fc.dictionary(fc.constantFrom(...keys), hostileJson, { maxKeys: keys.length })
      : fc.dictionary(hostileText, hostileJson, { maxKeys: 4 });
  return fc.oneof(
    { weight: example ? 3 : 0, arbitrary: example ?? fc.constant({}) },
    { weight: example ? 4 : 0, arbitrary: example ? mutated(example, keys) : fc.constant({}) },
    { weight: 3, arbitrary: fromKeys },
    { weight: 1, arbitrary: hostileJson },
  );
}

/** JSON text of `value`, with `__RAW:x__` strings as raw tokens. */
function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"__RAW:([^"]*)__"/g, '$1');
}

/** Bodies that are not JSON at all, or JSON the parser must refuse. */
const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"nome":',
    'null',
    '"testo"',
    '[]',
    '\u0000',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\ufeff{}',
  ),
  fc.integer({ min: 1000, max: 60_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  // Past the 1 MB body limit: 413.
  fc.constant(`{"nome":"${'x'.repeat(1024 * 1024 + 10)}"}`),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/xml',
  ';;;',
];

function queryString(route: RegisteredRoute): fc.Arbitrary<string> {
  const known = propertyNames(route.schema?.querystring);
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known, 'limit', 'offset', 'sort', 'q') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('limit[]', 'sort[0]', 'a[b]', '__proto__', 'constructor[prototype]'),
    },
    { weight: 1, arbitrary: hostileText },
  );
  const value = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '-1',
        '0',
        '1',
        '100',
        '101',
        '1e3',
        ' 5',
        '5 ',
        '1.5',
        '-0',
        '',
        '2147483648',
        '9007199254740991',
        '9007199254740992',
        '0000000000000000000000001',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...SORT_FIELDS, '-nome', '--nome', 'password_hash', 'nome desc', '-'),
    },
    { weight: 3, arbitrary: hostileText },
  );
  return fc
    .array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 })
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : '?' +
          pairs
            .map(([name, v, raw]) => `${encode(name)}=${raw ? v.replace(/[#&\s]/g, '') : encode(v)}`)
            .join('&'),
    );
}

/** Header values as Node lets them through (Latin-1, no control characters but tab). */
const headerValue = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 8000);

/** `value` now and then (one time in `1 + odds`), else no header at all. */
const rarely = <T>(value: fc.Arbitrary<T>, odds = 5) =>
  fc.oneof({ weight: odds, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

function headers(pool: FuzzPool, guarded: boolean) {
  const cookie = fc.oneof(
    { weight: guarded ? 6 : 1, arbitrary: fc.constant(pool.sessionCookie) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileText.map((v) => `magazzino_sid=${headerValue(v)}`) },
    { weight: 1, arbitrary: fc.constant(`magazzino_sid=x; ${pool.sessionCookie}; magazzino_sid=%00`) },
  );
  const etag = rarely(
    fc.oneof(fc.constantFrom(...pool.etags, '*', 'W/"v1"', '"v-1"', '"v1e309"', ',,,'), hostileText),
    1,
  );
  return fc
    .record({
      cookie,
      'if-match': etag,
      'if-none-match': etag,
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', 'garbage;;q=x'),
      range: rarely(
        fc.constantFrom(
          'bytes=0-0',
          'bytes=-1',
          'bytes=5-2',
          'bytes=0-1,3-4',
          'bytes=99999999999999999999-',
          'items=0-1',
          'bytes=abc',
        ),
        2,
      ),
      'if-range': rarely(fc.constantFrom('"aaaa"', 'Wed, 21 Oct 2015 07:28:00 GMT', 'garbage')),
      // A foreign Origin or Host is refused before any route: rare, so the routes themselves get fuzzed.
      origin: rarely(fc.constantFrom('https://altro-sito.example', 'null'), 20),
      host: rarely(fc.constantFrom('altro-sito.example', 'localhost:99999', '[::1]'), 20),
      'x-request-id': rarely(hostileText),
      authorization: rarely(hostileText.map((v) => `Bearer ${v}`)),
    })
    .map((record) => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(record))
        if (typeof value === 'string') out[name] = headerValue(value);
      return out;
    });
}

/** Hostile requests to `route`: path, query, body and headers. */
export function fuzzRequest(
  route: RegisteredRoute,
  pool: FuzzPool,
  guarded: boolean,
): fc.Arbitrary<FuzzRequest> {
  const segments = route.url
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? pathSegment(pool) : fc.constant(part)));
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const body = fc.oneof(
    { weight: 6, arbitrary: jsonBody(route.schema?.body).map(jsonText) },
    { weight: 1, arbitrary: RAW_BODIES },
  );
  return fc
    .record({
      path: fc.tuple(...segments).map((parts) => parts.join('/')),
      query: queryString(route),
      headers: headers(pool, guarded),
      body: writes ? fc.option(body, { freq: 8 }) : fc.constant(null),
      contentType: rarely(fc.constantFrom(...CONTENT_TYPES), 6),
    })
    .map(({ path, query, headers: h, body: payload, contentType }) => {
      const request: FuzzRequest = { method: route.method, url: `${path || '/'}${query}`, headers: h };
      if (payload !== null) {
        request.payload = payload;
        h['content-type'] = contentType ?? 'application/json';
      }
      return request;
    });
}
