import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Without SESSION_IDLE_DAYS: a session not used for a week ends. */
const DEFAULT_SESSION_IDLE_DAYS = 7;

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (unset = SQLite in DATA_DIR)')
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
    /**
     * FULL (the default): a commit is on disk before it is acknowledged, through a power cut too.
     * NORMAL: a process crash loses nothing, a power cut may lose the last acknowledged commits.
     */
    SQLITE_SYNCHRONOUS: z
      .enum(['full', 'normal', 'FULL', 'NORMAL'], { error: 'must be full or normal' })
      .default('full'),
  })
  .superRefine((env, ctx) => {
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
  /** SQLite's `synchronous` setting: 'full' keeps acknowledged commits through a power cut. */
  sqliteSynchronous: 'full' | 'normal';
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
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS.toLowerCase() as 'full' | 'normal',
    webDist: path.resolve(
      e.WEB_DIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
    ),
  };
}
