import fs from 'node:fs';

/**
 * Makes what the server writes readable by its own user only: DATA_DIR 0700, and every file
 * created from now on (the database, its WAL, the outbox, photos) 0600 / folders 0700, through
 * the process umask, which SQLite honours too.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}
