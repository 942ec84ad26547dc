import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BackgroundTasks } from './background-tasks.js';

/** Tasks a route asked to run once its answer has been sent, by request. */
const deferred = new WeakMap<FastifyRequest, { what: string; task: () => Promise<void> }[]>();

/**
 * Runs `task` once the answer to `request` has been sent (docs/product.md, "Accounts and
 * sessions"): sign-up and forgot-password answer first and mail afterwards, so the answer takes
 * the same time whether or not the address has an account.
 */
export function afterResponse(request: FastifyRequest, what: string, task: () => Promise<void>): void {
  const tasks = deferred.get(request) ?? [];
  tasks.push({ what, task });
  deferred.set(request, tasks);
}

/**
 * The onResponse hook that starts the deferred tasks of a request in `background`. Registered in
 * the routes' plugin, so it runs only for the account routes.
 */
export function startDeferredTasks(app: FastifyInstance, background: BackgroundTasks): void {
  app.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done) => {
    const tasks = deferred.get(request);
    if (tasks) {
      deferred.delete(request);
      for (const { what, task } of tasks) background.run(what, task);
    }
    done();
  });
}
