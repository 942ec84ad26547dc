import { backupCommand } from '../modules/backup/backup.command.js';

// `npm run backup -- --out FILE` (scripts/cli.mjs imports this file).
try {
  process.exitCode = await backupCommand({
    argv: process.argv.slice(2),
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  console.error('Backup non riuscito:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
