// Builds the contract, the server and the web app only when their sources changed since the
// last successful build, so a second `npm start` is listening within a second or two.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = path.join(ROOT, 'node_modules/.cache/magazzino-build.json');

const SOURCES = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/src',
  'packages/contract/tsconfig.json',
  'apps/server/src',
  'apps/server/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
];
const OUTPUTS = ['packages/contract/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'];

function fingerprint() {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(ROOT, relative);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) visit(path.join(relative, entry));
    } else {
      hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  SOURCES.forEach(visit);
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Builds what is missing or stale; returns true when a build ran. */
export function ensureBuilt() {
  const current = fingerprint();
  let previous;
  try {
    previous = JSON.parse(fs.readFileSync(STAMP, 'utf8')).fingerprint;
  } catch {
    previous = undefined;
  }
  const outputsPresent = OUTPUTS.every((file) => fs.existsSync(path.join(ROOT, file)));
  if (previous === current && outputsPresent) return false;

  console.log('Compilazione in corso (solo al primo avvio o dopo una modifica)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['run', 'build', '--silent']);
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, JSON.stringify({ fingerprint: current, builtAt: new Date().toISOString() }));
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) ensureBuilt();
