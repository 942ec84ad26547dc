import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pingDatabase } from './health.repository.js';

/** Whether the service can do its work: today, whether the database answers. */
export class HealthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when the database answers; a failure is logged with its cause. */
  async databaseAnswers(): Promise<boolean> {
    try {
      await pingDatabase(this.db);
      return true;
    } catch (error) {
      this.log.error({ err: error }, 'health check: database unavailable');
      return false;
    }
  }
}
