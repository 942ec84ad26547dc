import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
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
  SIGNUP: z.enum(['open', 'closed']).default('open'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
  TRUST_PROXY: booleanish.default(false),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SQLITE_READERS: z.coerce.number().int().min(0).max(16).optional(),
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
  signup: 'open' | 'closed';
  maxUploadBytes: number;
  trustProxy: boolean;
  sessionTtlMs: number;
  logLevel: string;
  /** Folder of the built web app served at /. */
  webDist: string;
  /** SQLite reader threads for lists, searches and exports (0: on the main thread). */
  sqliteReaders: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    logLevel: e.LOG_LEVEL,
    // One per core, up to four: the main thread keeps answering while they read.
    sqliteReaders: e.SQLITE_READERS ?? Math.min(4, os.availableParallelism()),
    webDist: path.resolve(
      e.WEB_DIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
    ),
  };
}
