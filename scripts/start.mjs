// `npm start`: build what is stale, then run the server (migrations are applied at start).
import path from 'node:path';
import { ensureBuilt, ROOT } from './ensure-built.mjs';

ensureBuilt();
process.chdir(ROOT);
await import(path.join(ROOT, 'apps/server/dist/server.js'));
