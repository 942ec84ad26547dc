import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from './background-thread.js';

/**
 * Runs `body` in a new thread with `runInBackground` in scope (this module, as the workers import
 * it) and `os`; resolves with what it returns.
 */
function inNewThread(body: string): Promise<unknown> {
  const moduleUrl = new URL('./background-thread.js', import.meta.url).href;
  const worker = new Worker(
    `const os = require('node:os');
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(moduleUrl)}).then(({ runInBackground }) => {
      parentPort.postMessage((() => { ${body} })());
    });`,
    { eval: true },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (reply) => {
      void worker.terminate();
      resolve(reply);
    });
    worker.once('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('runInBackground (Linux)', () => {
  it("lowers the calling thread's priority, not the process's nor its other threads'", async () => {
    const before = os.getPriority();
    expect(before).toBeLessThan(BACKGROUND_NICENESS);
    const reply = (await inNewThread(
      'const threadId = runInBackground(); return { threadId, priority: os.getPriority(threadId) };',
    )) as { threadId: number; priority: number };
    expect(reply.threadId).toBeGreaterThan(0);
    expect(reply.threadId).not.toBe(process.pid);
    expect(reply.priority).toBe(BACKGROUND_NICENESS);
    // The main thread (its id is the process's) answers requests at the priority it had.
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it('never raises a priority: a thread already as low is left alone', async () => {
    const reply = await inNewThread(
      'const first = runInBackground(); return { first: first !== undefined, second: runInBackground() ?? null, priority: os.getPriority(first) };',
    );
    expect(reply).toEqual({ first: true, second: null, priority: BACKGROUND_NICENESS });
  });
});
