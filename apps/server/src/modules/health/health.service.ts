import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pingDatabase } from './health.repository.js';

/** Resolves when the thing it checks can be used now; rejects with the cause otherwise. */
export type ReadinessCheck = () => Promise<void>;

/** What one check found. */
export type CheckResult = 'ok' | 'unavailable';

/** A check that has not answered within this time counts as unavailable (a hung mount, a bucket far away). */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether the service can do its work. Liveness: the database answers. Readiness: the database
 * and every check the modules added (the photo storage, ...), each within CHECK_TIMEOUT_MS.
 */
export class HealthService {
  private readonly pingDatabase: ReadinessCheck = () => pingDatabase(this.db);
  private readonly checks = new Map<string, ReadinessCheck>([['database', this.pingDatabase]]);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a readiness check under `name` (a module's own, such as 'media'). */
  addReadinessCheck(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`Readiness check already added: ${name}`);
    this.checks.set(name, check);
  }

  /** True when the database answers; a failure is logged with its cause. */
  async databaseAnswers(): Promise<boolean> {
    return (await this.run('database', this.pingDatabase)) === 'ok';
  }

  /** Runs every readiness check at once; `ready` when all of them passed. */
  async readiness(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await this.run(name, check)] as const),
    );
    return { ready: entries.every(([, result]) => result === 'ok'), checks: Object.fromEntries(entries) };
  }

  private async run(name: string, check: ReadinessCheck): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([check(), timeout]);
      return 'ok';
    } catch (error) {
      this.log.error({ err: error, check: name }, `health check: ${name} unavailable`);
      return 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  }
}
