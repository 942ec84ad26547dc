import { restoreCommand } from '../modules/backup/restore.command.js';

// `npm run restore -- FILE [--force] [--check]` (scripts/cli.mjs imports this file).
try {
  process.exitCode = await restoreCommand({
    argv: process.argv.slice(2),
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  console.error('Ripristino non riuscito:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
