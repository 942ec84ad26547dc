/**
 * The server project's global setup (vitest.config.ts): one database of each dialect brought up to
 * the latest migration once per run, for `createMigratedTestDatabase` to copy. Migrating a fresh
 * database costs 1–3 s (28 migrations; on SQLite a synced commit each), copying one a few
 * milliseconds (SQLite: the file) or ~0.3 s (PostgreSQL: CREATE DATABASE … TEMPLATE), and about a
 * hundred test apps are built in a run. The copies are the same databases the migrations make:
 * the templates are migrated by the app's own code, in this run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { SQLITE_FILE_NAME } from '../src/db/dialect.js';
import {
  DIALECTS,
  migrateDatabaseOf,
  postgresUrlOf,
  waitForNoConnections,
  withAdmin,
  type MigratedTemplates,
} from './databases.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-templates-'));
  const templates: MigratedTemplates = {};
  const postgresName = `magazzino_template_${randomBytes(6).toString('hex')}`;
  const teardown = async () => {
    if (templates.postgresDatabase) {
      await withAdmin((client) => client.query(`drop database if exists ${postgresName} with (force)`));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabaseOf({ databaseUrl: undefined, dataDir });
    templates.sqliteFile = path.join(dataDir, SQLITE_FILE_NAME);
    if (DIALECTS.includes('postgres')) {
      await withAdmin((client) => client.query(`create database ${postgresName}`));
      templates.postgresDatabase = postgresName;
      await migrateDatabaseOf({ databaseUrl: postgresUrlOf(postgresName), dataDir });
      // A database is copied only with no connection to it: the pool's may still be closing.
      await withAdmin((client) => waitForNoConnections(client, postgresName));
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('migratedTemplates', templates);
  return teardown;
}
