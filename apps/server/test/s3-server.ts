import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client, type S3ClientSettings } from '../src/modules/media/storage/s3-client.js';

// The AWS SDK warns once per process, on Node 20, that its releases after January 2027 will need
// Node 22 (`AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED` is the SDK's own switch). Noise in
// test output; the server itself leaves the switch to the operator.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

/**
 * Runs s3rver in its own process: its ListObjectsV2 continuation tokens are DES-encrypted, which
 * OpenSSL 3 (Node 18 and later) only offers with --openssl-legacy-provider. Prints the port once
 * listening. When its stdin closes (`stop()`, or the test process going away) it stops listening,
 * drops its connections and exits once the writes it has begun are done: s3rver answers a PUT as
 * soon as it has read the body, before the object's file is written, so killing it outright could
 * lose an object it had acknowledged.
 */
const RUNNER = `
const S3rver = require(process.argv[1]);
const [directory, port] = process.argv.slice(2);
const s3rver = new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true });
s3rver.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'));
process.stdin
  .on('end', () => {
    s3rver.httpServer?.close();
    s3rver.httpServer?.closeAllConnections();
  })
  .resume();
`;

let bucketCount = 0;

/** An S3-protocol server on 127.0.0.1 (s3rver, objects in a temporary folder) for one test file. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`: the same across `stop()` and `start()`. */
  readonly endpoint: string;
  /** Client settings for this server (path-style, s3rver's keys). */
  readonly settings: S3ClientSettings;
  /** Creates an empty bucket with a new name and returns the name. */
  createBucket(): Promise<string>;
  /** The variables that make the app keep its photos in `bucket` on this server. */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** Stops the server: connections are refused, as by a store that is down. Objects stay on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the objects it had. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

async function runServer(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const script = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', RUNNER, script, directory, String(port)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  try {
    const lines = createInterface({ input: child.stdout });
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver exited with code ${String(code)} before listening`);
    });
    const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string];
    lines.close();
    return { child, port: (JSON.parse(line) as { port: number }).port };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Past this, a server that has not exited after its stdin closed is killed. */
const STOP_GRACE_MS = 5_000;

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Starts an S3-protocol server on a free port of 127.0.0.1. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-s3-'));
  const first = await runServer(directory, 0);
  let running: ChildProcess | null = first.child;
  const endpoint = `http://127.0.0.1:${first.port}`;
  const settings: S3ClientSettings = {
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    forcePathStyle: true,
  };
  const stop = async () => {
    const child = running;
    running = null;
    if (child) await stopProcess(child);
  };
  return {
    endpoint,
    settings,
    createBucket: async () => {
      bucketCount += 1;
      const bucket = `magazzino-${bucketCount}`;
      const client = createS3Client(settings);
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
      return bucket;
    },
    env: (bucket, prefix) => ({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix === undefined ? {} : { S3_PREFIX: prefix }),
    }),
    stop,
    start: async () => {
      if (running) return;
      running = (await runServer(directory, first.port)).child;
    },
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
