import fs from 'node:fs';

// apps/server/package.json, from src/modules/backup as from dist/modules/backup.
const PACKAGE_JSON = new URL('../../../package.json', import.meta.url);

/** The server's version (its package.json), recorded in every archive; 'unknown' if unreadable. */
export function appVersion(): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
