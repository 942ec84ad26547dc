import { Worker, type ResourceLimits } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadResourceLimits, THREAD_YOUNG_GENERATION_MB } from './thread-memory.js';

const MIB = 1024 * 1024;

/**
 * The new space, in bytes, of a thread started with `resourceLimits` once it has allocated what a
 * reader thread does while rendering an export: five million short-lived rows, a thousand alive at a
 * time.
 */
function newSpaceAfterChurn(resourceLimits: ResourceLimits): Promise<number> {
  const worker = new Worker(
    `const v8 = require('node:v8');
    let rows = [];
    for (let i = 0; i < 5e6; i++) {
      rows.push({ seq: i, nome: 'Faro anteriore ' + i });
      if (rows.length > 1000) rows = [];
    }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    require('node:worker_threads').parentPort.postMessage(space.space_size);`,
    { eval: true, resourceLimits },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (size: number) => {
      void worker.terminate();
      resolve(size);
    });
    worker.once('error', reject);
  });
}

describe('threadResourceLimits', () => {
  it('keeps a busy thread’s new space at 16 MiB, where V8 alone lets it grow to 32', async () => {
    const bounded = await newSpaceAfterChurn(threadResourceLimits());
    const unbounded = await newSpaceAfterChurn({});
    expect(bounded).toBeGreaterThan(0);
    expect(bounded).toBeLessThanOrEqual(16 * MIB);
    expect(unbounded).toBeGreaterThanOrEqual(2 * bounded);
  });

  it('keeps a limit of the caller’s own beside the young generation', () => {
    expect(threadResourceLimits({ maxOldGenerationSizeMb: 256 })).toEqual({
      maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
      maxOldGenerationSizeMb: 256,
    });
  });
});
