import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * How long a server may take to answer /api/health: a guard against a server that hangs, not a
 * measure of its start. two-instances.e2e.ts starts two servers on an empty PostgreSQL database,
 * one migrating it while the other waits: 5 s for the whole file alone, 58 s beside three other
 * browser files on 2 cores, and in one full run (a host where the suite took 22 min) the waiting
 * server did not answer within the 30 s this was (2026-12-02). Below the e2e hooks' 180 s.
 */
const HEALTHY_WITHIN_MS = 120_000;

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (JSON log lines). */
  output(): string;
  /** Sends a signal to the server process and resolves with its exit code once it has exited. */
  signal(name: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the built app (`npm run build` first) as a child process on a free 127.0.0.1 port with a
 * fresh DATA_DIR, and waits for /api/health. `env` adds or overrides variables.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" before the e2e tests`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-e2e-'));
  // The server gets its own copy of the built web app, so a rebuild while the tests run (another
  // terminal, a watcher) cannot swap the JavaScript chunks under an open page.
  const webDist = path.join(dataDir, 'web');
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) fs.cpSync(WEB_DIST, webDist, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      WEB_DIST: webDist,
      // Accounts made by createAccount sign in at once; the approval flow passes SIGNUP=approval.
      SIGNUP: 'open',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    output: () => output,
    signal: async (name) => {
      child.kill(name);
      return exited;
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
