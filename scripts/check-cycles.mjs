// Fails when the project's own modules import each other in a cycle (STYLE.md principle 7).
// Only relative imports are followed: packages and the contract alias are leaves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIRS = ['packages/contract/src', 'apps/server/src', 'apps/web/src'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const graph = new Map();
for (const dir of SOURCE_DIRS) {
  for (const file of sources(path.join(ROOT, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolve(file, match[1]))
      .filter((target) => target !== undefined);
    graph.set(file, targets);
  }
}

const state = new Map(); // 1 = on the current path, 2 = done
const cycles = [];
function visit(file, trail) {
  state.set(file, 1);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 1) cycles.push([...trail.slice(trail.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, [...trail, next]);
  }
  state.set(file, 2);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);

if (cycles.length > 0) {
  for (const cycle of cycles)
    console.error('import cycle: ' + cycle.map((f) => path.relative(ROOT, f)).join(' → '));
  process.exit(1);
}
console.log(`no import cycles among ${graph.size} modules`);
