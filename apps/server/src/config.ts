import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Without SESSION_IDLE_DAYS: a session not used for a week ends. */
const DEFAULT_SESSION_IDLE_DAYS = 7;

// --- Photo storage (modules/media/storage): files under DATA_DIR/media, or an S3-compatible bucket.

/** S3 access keys. The secret stays out of JSON and console output: a logged config never shows it. */
export class S3Credentials {
  constructor(
    readonly accessKeyId: string,
    readonly secretAccessKey: string,
  ) {}

  toJSON(): { accessKeyId: string; secretAccessKey: string } {
    return { accessKeyId: this.accessKeyId, secretAccessKey: '[redacted]' };
  }

  [inspect.custom](): { accessKeyId: string; secretAccessKey: string } {
    return this.toJSON();
  }
}

/** MEDIA_STORAGE=s3: the bucket and how to reach it. */
export interface S3MediaStorageConfig {
  kind: 's3';
  /** Unset: AWS itself, for `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default chain (AWS_* variables, shared files, an instance or task role). */
  credentials: S3Credentials | undefined;
  /** Bucket in the path (`https://host/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Put before every key: '' or ending with '/'. */
  prefix: string;
}

/** Where photos are kept: DATA_DIR/media (the default), or a bucket. */
export type MediaStorageConfig = { kind: 'local' } | S3MediaStorageConfig;

const MEDIA_STORAGE_ENV = {
  MEDIA_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (unset = AWS)' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  // The secret may be anything; like every value here it is never echoed by these messages.
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/,
      'must be a key prefix such as magazzino/ or photos/prod/ (letters, digits, . _ - and /)',
    )
    .optional(),
};

type MediaStorageEnv = z.output<z.ZodObject<typeof MEDIA_STORAGE_ENV>>;

/** The combinations the variables above cannot say alone, each reported under its variable. */
function checkMediaStorageEnv(env: MediaStorageEnv, ctx: z.RefinementCtx): void {
  if (env.MEDIA_STORAGE === 's3' && env.S3_BUCKET === undefined) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when MEDIA_STORAGE=s3' });
  }
  // Set without MEDIA_STORAGE=s3 the bucket would be silently unused, the photos on local disk.
  if (env.MEDIA_STORAGE === 'local' && env.S3_BUCKET !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['MEDIA_STORAGE'],
      message:
        'is local (the default) while S3_BUCKET is set: set MEDIA_STORAGE=s3 to keep photos in the bucket, or unset S3_BUCKET',
    });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    const other = missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set together with ${other} (or leave both unset for the AWS default credentials)`,
    });
  }
}

/** The photo storage the variables name (checked by checkMediaStorageEnv before this runs). */
function mediaStorageFrom(env: MediaStorageEnv): MediaStorageConfig {
  // No bucket with MEDIA_STORAGE=s3 was refused above: the second test only narrows the type.
  if (env.MEDIA_STORAGE === 'local' || env.S3_BUCKET === undefined) return { kind: 'local' };
  const prefix = env.S3_PREFIX ?? '';
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    credentials:
      env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY !== undefined
        ? new S3Credentials(env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY)
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

// --- End of photo storage.

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (unset = SQLite in DATA_DIR)')
      .optional(),
    // Rate-limit counters shared by several instances (plugins/rate-limit.ts). The URL may carry a
    // password: it is never logged, nor echoed by these messages.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/?#]/, 'must be a redis:// or rediss:// URL')
      .refine((v) => URL.canParse(v), { message: 'must be a redis:// or rediss:// URL' })
      .optional(),
    RATE_LIMIT_STORE: z
      .enum(['memory', 'database', 'redis'], { error: 'must be memory, database or redis' })
      .optional(),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Magazzino Ricambi <magazzino@localhost>'),
    SIGNUP: z
      .enum(['approval', 'open', 'closed'], { error: 'must be approval, open or closed' })
      .default('approval'),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
    // Proxies in front: a hop count or their addresses; `true` would trust any X-Forwarded-For.
    TRUST_PROXY: z
      .string()
      .refine((v) => !['true', 'yes'].includes(v.toLowerCase()), {
        message:
          'true would trust every X-Forwarded-For hop (a client could forge its address): give the number of proxies in front (TRUST_PROXY=1 behind one nginx or Caddy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
      })
      .refine((v) => /^(\d+|false|no|0|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(v), {
        message: 'must be a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges',
      })
      .optional(),
    /** Host names the app answers besides PUBLIC_URL's and loopback (DNS rebinding). */
    ALLOWED_HOSTS: z.string().optional(),
    /** A request body not arrived whole within this many seconds is cut (408). */
    BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /** The same for an upload (multipart): photos from phones on a slow network. */
    UPLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
    // A session ends after SESSION_IDLE_DAYS without use, and SESSION_MAX_DAYS after sign-in in any case.
    SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).optional(),
    SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
    /** The previous name of SESSION_IDLE_DAYS (read when that one is unset). */
    SESSION_TTL_DAYS: z.coerce.number().positive().max(365).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    SQLITE_READERS: z.coerce.number().int().min(0).max(16).optional(),
    PG_READERS: z.coerce.number().int().min(1).max(100).optional(),
    /** PostgreSQL cancels a long read (search, list, export chunk) running longer than this. */
    PG_READ_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /** Parallel workers PostgreSQL may start for one search, list or export read (0: none). */
    PG_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
    /**
     * FULL (the default): a commit is on disk before it is acknowledged, through a power cut too.
     * NORMAL: a process crash loses nothing, a power cut may lose the last acknowledged commits.
     */
    SQLITE_SYNCHRONOUS: z
      .enum(['full', 'normal', 'FULL', 'NORMAL'], { error: 'must be full or normal' })
      .default('full'),
    ...MEDIA_STORAGE_ENV,
  })
  .superRefine((env, ctx) => {
    checkMediaStorageEnv(env, ctx);
    if (env.RATE_LIMIT_STORE === 'redis' && env.REDIS_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: 'must be set when RATE_LIMIT_STORE=redis (redis://[:password@]host:6379)',
      });
    }
    const idle = env.SESSION_IDLE_DAYS ?? env.SESSION_TTL_DAYS;
    if (idle !== undefined && idle > env.SESSION_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SESSION_IDLE_DAYS === undefined ? 'SESSION_TTL_DAYS' : 'SESSION_IDLE_DAYS'],
        message: `must not exceed SESSION_MAX_DAYS (${env.SESSION_MAX_DAYS}): a session cannot idle longer than it may live`,
      });
    }
  });

/** The server's configuration: parsed once from the environment, typed everywhere else. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded SQLite file `<dataDir>/magazzino.sqlite`. */
  databaseUrl: string | undefined;
  /**
   * Where rate-limit counters live: this process's memory (one instance), the database or Redis
   * (several instances count together). Defaults to redis with REDIS_URL, else database with
   * DATABASE_URL, else memory.
   */
  rateLimitStore: 'memory' | 'database' | 'redis';
  /** Redis for the rate-limit counters; may carry a password, so never logged. */
  redisUrl: string | undefined;
  /** Base of links in e-mails; defaults to http://localhost:<port>. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How new accounts come in (docs/product.md, "Accounts and sessions"). */
  signup: 'approval' | 'open' | 'closed';
  maxUploadBytes: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (never plain `true`). */
  trustProxy: false | number | string;
  /** Lower-case host names a request's Host may carry (loopback names always may). */
  allowedHosts: string[];
  /** Time for a request body to arrive whole, in ms (uploads: `uploadTimeoutMs`). */
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  /** A session unused this long ends (sliding). */
  sessionIdleMs: number;
  /** A session ends this long after its sign-in, however much it is used (absolute). */
  sessionMaxMs: number;
  logLevel: string;
  /** Folder of the built web app served at /. */
  webDist: string;
  /** SQLite reader threads for lists, searches and exports (0: on the main thread). */
  sqliteReaders: number;
  /** PostgreSQL connections for searches, lists and exports (unset: twice the cores, at most 10). */
  pgReaders: number | undefined;
  /** PostgreSQL's statement_timeout on the long reads' connections, in milliseconds. */
  pgReadTimeoutMs: number;
  /** PostgreSQL's max_parallel_workers_per_gather on those connections (unset: 0). */
  pgParallelWorkers: number | undefined;
  /** SQLite's `synchronous` setting: 'full' keeps acknowledged commits through a power cut. */
  sqliteSynchronous: 'full' | 'normal';
  /** Where photos are kept (MEDIA_STORAGE): DATA_DIR/media, or an S3-compatible bucket. */
  mediaStorage: MediaStorageConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.replace(/\s+/g, '');
}

/** Reads the configuration from `env` (process.env by default); throws listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory'),
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    signup: e.SIGNUP,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedHosts: [
      new URL(e.PUBLIC_URL ?? 'http://localhost').hostname.toLowerCase(),
      ...(e.ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ],
    bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
    uploadTimeoutMs: e.UPLOAD_TIMEOUT_SECONDS * 1000,
    sessionIdleMs:
      Math.min(e.SESSION_IDLE_DAYS ?? e.SESSION_TTL_DAYS ?? DEFAULT_SESSION_IDLE_DAYS, e.SESSION_MAX_DAYS) *
      DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    logLevel: e.LOG_LEVEL,
    // One per core, up to four: the main thread keeps answering while they read.
    sqliteReaders: e.SQLITE_READERS ?? Math.min(4, os.availableParallelism()),
    pgReaders: e.PG_READERS,
    pgReadTimeoutMs: e.PG_READ_TIMEOUT_SECONDS * 1000,
    pgParallelWorkers: e.PG_PARALLEL_WORKERS,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS.toLowerCase() as 'full' | 'normal',
    webDist: path.resolve(
      e.WEB_DIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
    ),
    mediaStorage: mediaStorageFrom(e),
  };
}
