import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once, whoever asks and however often', async () => {
    const load = vi.fn(() => Promise.resolve({ schema: 'parte' }));
    const schemas = loadOnce(load);
    schemas.preload();
    const [a, b] = await Promise.all([schemas.get(), schemas.get()]);
    expect(a).toBe(b);
    expect(await schemas.get()).toEqual({ schema: 'parte' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load, and a preload never rejects', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('connessione persa'))
      .mockResolvedValueOnce('parte');
    const schemas = loadOnce(load);
    schemas.preload();
    await expect(schemas.get()).rejects.toThrow('connessione persa');
    expect(await schemas.get()).toBe('parte');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
