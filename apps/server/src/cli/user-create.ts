import { userCreateCommand } from '../modules/accounts/user-create.command.js';

// `npm run user:create -- --email ... --username ...` (scripts/cli.mjs imports this file).
try {
  process.exitCode = await userCreateCommand({
    argv: process.argv.slice(2),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  console.error('Creazione utente non riuscita:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
