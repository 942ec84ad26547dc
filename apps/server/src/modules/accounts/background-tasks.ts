import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has left (mails, above all), so that how long an answer takes never
 * tells whether an address has an account. Failures are logged; `idle()` waits for what is still
 * running (app close, tests).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts `task` on the next turn of the event loop, without waiting for it: whatever was waiting
   * on the answer (a reply to flush, a caller in this process) goes first, even when SQLite answers
   * synchronously. `what` names it in the log if it fails.
   */
  run(what: string, task: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(task).catch((error: unknown) => {
      this.log.error({ err: error }, `${what} failed`);
    });
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
