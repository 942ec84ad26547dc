import { demoCommand } from './demo-command.js';

// `npm run demo [-- --force] [-- --count n]` (scripts/cli.mjs imports this file).
try {
  process.exitCode = await demoCommand({
    argv: process.argv.slice(2),
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  console.error(
    'Caricamento dei dati dimostrativi non riuscito:',
    error instanceof Error ? error.message : error,
  );
  process.exitCode = 1;
}
