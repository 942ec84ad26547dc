import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const DAY = 24 * 60 * 60 * 1000;

describe('configuration of sign-up and sessions', () => {
  it('asks for approval of new accounts and ends sessions after 7 idle days or 30 in all, by default', () => {
    const config = loadConfig({});
    expect(config.signup).toBe('approval');
    expect(config.sessionIdleMs).toBe(7 * DAY);
    expect(config.sessionMaxMs).toBe(30 * DAY);
  });

  it('takes the other sign-up modes and session lengths, SESSION_TTL_DAYS as the old name of the idle limit', () => {
    expect(loadConfig({ SIGNUP: 'open' }).signup).toBe('open');
    expect(loadConfig({ SIGNUP: 'closed' }).signup).toBe('closed');
    const set = loadConfig({ SESSION_IDLE_DAYS: '2', SESSION_MAX_DAYS: '10' });
    expect([set.sessionIdleMs, set.sessionMaxMs]).toEqual([2 * DAY, 10 * DAY]);
    expect(loadConfig({ SESSION_TTL_DAYS: '14' }).sessionIdleMs).toBe(14 * DAY);
    // A shorter whole life shortens the default idle limit with it.
    expect(loadConfig({ SESSION_MAX_DAYS: '3' }).sessionIdleMs).toBe(3 * DAY);
  });

  it('refuses an unknown mode and an idle limit longer than the whole life, naming both', () => {
    expect(() => loadConfig({ SIGNUP: 'sometimes' })).toThrow(/SIGNUP: must be approval, open or closed/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '40' })).toThrow(
      /SESSION_IDLE_DAYS: must not exceed SESSION_MAX_DAYS \(30\)/,
    );
    expect(() => loadConfig({ SESSION_TTL_DAYS: '90' })).toThrow(/SESSION_TTL_DAYS: must not exceed/);
  });
});

describe('configuration of proxies, hosts and slow clients', () => {
  it('refuses TRUST_PROXY=true, saying what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every X-Forwarded-For hop.*TRUST_PROXY=1/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'tutti' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('takes a hop count or the proxies addresses; unset trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('answers the host of PUBLIC_URL and ALLOWED_HOSTS, and cuts bodies after 30 s (uploads 120 s)', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://Magazzino.Example.it/',
      ALLOWED_HOSTS: 'magazzino.lan, 192.168.1.10',
    });
    expect(config.allowedHosts).toEqual(['magazzino.example.it', 'magazzino.lan', '192.168.1.10']);
    expect([config.bodyTimeoutMs, config.uploadTimeoutMs]).toEqual([30_000, 120_000]);
  });
});

describe('configuration of durability', () => {
  it('syncs every SQLite commit by default (FULL), NORMAL on request, and refuses anything else', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('full');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('normal');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      /SQLITE_SYNCHRONOUS: must be full or normal/,
    );
  });
});

describe('configuration of the PostgreSQL connections', () => {
  it('leaves the long reads their default (twice the cores) unless PG_READERS names a number', () => {
    expect(loadConfig({}).pgReaders).toBeUndefined();
    expect(loadConfig({ PG_READERS: '6' }).pgReaders).toBe(6);
    for (const wrong of ['0', '2.5', 'tanti', '500']) {
      expect(() => loadConfig({ PG_READERS: wrong }), wrong).toThrow(/PG_READERS/);
    }
  });

  it('cancels long reads after 30 s unless PG_READ_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig({}).pgReadTimeoutMs).toBe(30_000);
    expect(loadConfig({ PG_READ_TIMEOUT_SECONDS: '2.5' }).pgReadTimeoutMs).toBe(2_500);
    for (const wrong of ['0', '-1', 'mezzo', '7200']) {
      expect(() => loadConfig({ PG_READ_TIMEOUT_SECONDS: wrong }), wrong).toThrow(/PG_READ_TIMEOUT_SECONDS/);
    }
  });

  it('gives the long reads no parallel workers unless PG_PARALLEL_WORKERS names a number', () => {
    expect(loadConfig({}).pgParallelWorkers).toBeUndefined();
    expect(loadConfig({ PG_PARALLEL_WORKERS: '0' }).pgParallelWorkers).toBe(0);
    expect(loadConfig({ PG_PARALLEL_WORKERS: '4' }).pgParallelWorkers).toBe(4);
    for (const wrong of ['-1', '1.5', 'due', '65']) {
      expect(() => loadConfig({ PG_PARALLEL_WORKERS: wrong }), wrong).toThrow(/PG_PARALLEL_WORKERS/);
    }
  });
});

describe('configuration of the rate-limit counters', () => {
  it('keeps them in memory alone, in the database with DATABASE_URL, in Redis with REDIS_URL', () => {
    expect(loadConfig({}).rateLimitStore).toBe('memory');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/magazzino' }).rateLimitStore).toBe('database');
    const redis = loadConfig({
      DATABASE_URL: 'postgres://db/magazzino',
      REDIS_URL: 'rediss://:pw@cache:6380/1',
    });
    expect([redis.rateLimitStore, redis.redisUrl]).toEqual(['redis', 'rediss://:pw@cache:6380/1']);
    // RATE_LIMIT_STORE chooses: the database with the embedded SQLite too (several processes, one file).
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory', REDIS_URL: 'redis://cache' }).rateLimitStore).toBe(
      'memory',
    );
  });

  it('refuses redis without REDIS_URL, an unknown store and a URL that is not redis://, never echoing it', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      /REDIS_URL: must be set when RATE_LIMIT_STORE=redis/,
    );
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'files' })).toThrow(
      /RATE_LIMIT_STORE: must be memory, database or redis/,
    );
    const bad = () => loadConfig({ REDIS_URL: 'http://:segreto@cache:6379' });
    expect(bad).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(bad).not.toThrow(/segreto/);
  });
});

describe('configuration of the photo storage', () => {
  const S3 = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'magazzino-foto',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'segreto-s3',
  };

  it('keeps photos in DATA_DIR/media by default', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ MEDIA_STORAGE: 'local' }).mediaStorage).toEqual({ kind: 'local' });
  });

  it('takes a bucket with MEDIA_STORAGE=s3: us-east-1, virtual-host style and no prefix unless told', () => {
    const { mediaStorage } = loadConfig(S3);
    expect(mediaStorage).toMatchObject({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'magazzino-foto',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'segreto-s3' },
      forcePathStyle: false,
      prefix: '',
    });
    const minio = loadConfig({
      ...S3,
      S3_REGION: 'eu-south-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'foto/prod',
    });
    expect(minio.mediaStorage).toMatchObject({
      region: 'eu-south-1',
      forcePathStyle: true,
      prefix: 'foto/prod/',
    });
    // AWS itself with the SDK's own credentials (a role): no endpoint, no keys.
    const aws = loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'magazzino-foto' });
    expect(aws.mediaStorage).toMatchObject({ kind: 's3', endpoint: undefined, credentials: undefined });
  });

  it('never shows the secret key when the config is printed or logged', () => {
    const config = loadConfig(S3);
    expect(JSON.stringify(config)).not.toContain('segreto-s3');
    expect(inspect(config, { depth: null })).not.toContain('segreto-s3');
    expect(JSON.stringify(config)).toContain('AKIAEXAMPLE');
  });

  it('refuses incomplete or contradictory settings, naming each variable', () => {
    const refused = (env: Record<string, string>) => () => loadConfig(env);
    expect(refused({ MEDIA_STORAGE: 'bucket' })).toThrow(/MEDIA_STORAGE: must be local or s3/);
    expect(refused({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: must be set when MEDIA_STORAGE=s3/);
    expect(refused({ S3_BUCKET: 'magazzino-foto' })).toThrow(
      /MEDIA_STORAGE: is local \(the default\) while S3_BUCKET is set/,
    );
    expect(refused({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/,
    );
    expect(refused({ ...S3, S3_ACCESS_KEY_ID: '' })).toThrow(
      /S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY/,
    );
    expect(refused({ ...S3, S3_ENDPOINT: 'ftp://example.com' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(refused({ ...S3, S3_BUCKET: 'Foto_Magazzino' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(refused({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    expect(refused({ ...S3, S3_PREFIX: '/foto//' })).toThrow(/S3_PREFIX: must be a key prefix/);
    // Every bad variable at once, and never the secret in the message.
    let message = '';
    try {
      loadConfig({ MEDIA_STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'segreto-s3' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('S3_BUCKET: must be set');
    expect(message).toContain('S3_ACCESS_KEY_ID: must be set together');
    expect(message).not.toContain('segreto-s3');
  });
});
