import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-schema-resolver';

const Schema = z.object({ email: z.string().trim().min(1, { error: "L'email è obbligatoria" }) });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, on first use, and checks with it', async () => {
    const load = vi.fn(() => Promise.resolve(Schema));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const failed = await resolver({ email: '' }, undefined, options);
    expect(failed.errors.email?.message).toBe("L'email è obbligatoria");
    const passed = await resolver({ email: ' a@b.it ' }, undefined, options);
    expect(passed).toEqual({ values: { email: 'a@b.it' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload, before any check', () => {
    const load = vi.fn(() => Promise.resolve(Schema));
    lazyZodResolver(load).preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through when the schema cannot load, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Schema);
    const resolver = lazyZodResolver(load);

    expect(await resolver({ email: '' }, undefined, options)).toEqual({ values: { email: '' }, errors: {} });
    const again = await resolver({ email: '' }, undefined, options);
    expect(again.errors.email?.message).toBe("L'email è obbligatoria");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
