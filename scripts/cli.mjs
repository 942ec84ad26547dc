// `npm run demo` / `npm run user:create` / `npm run backup` / `npm run restore`: build what is stale,
// then run the named server CLI.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ROOT } from './ensure-built.mjs';

const [name, ...rest] = process.argv.slice(2);
if (!name) {
  console.error('usage: node scripts/cli.mjs <demo|user-create|backup|restore> [options]');
  process.exit(2);
}
ensureBuilt();
process.argv = [process.argv[0] ?? 'node', name, ...rest];
await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/cli', `${name}.js`)).href);
