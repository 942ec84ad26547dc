import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from './load-once';

/** Loads a contract schema (and with it zod) when the form first needs it. */
export type SchemaLoader<Input extends FieldValues, Output extends FieldValues> = () => Promise<
  z.ZodType<Output, Input>
>;

/** A react-hook-form resolver whose schema is loaded on first use; `preload()` starts that early. */
export type LazyResolver<Input extends FieldValues, Output extends FieldValues> = Resolver<
  Input,
  unknown,
  Output
> & { preload: () => void };

/**
 * react-hook-form's zod resolver for a contract schema loaded on first use: the form checks with
 * the same schema the server does, but zod (23 KB brotli) is not part of the first screen, which a
 * phone then shows sooner (bench/README.md, "Bytes"). Call `preload()` when the clerk starts on
 * the form: the schema has arrived by the time it is sent. Should it fail to load (the connection
 * dropped), the values go as typed and the server's answer marks the fields; the next check tries
 * again.
 */
export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  load: SchemaLoader<Input, Output>,
): LazyResolver<Input, Output> {
  const resolver = loadOnce(() =>
    Promise.all([load(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) =>
      zodResolver(schema),
    ),
  );
  const resolve: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let check: Resolver<Input, unknown, Output>;
    try {
      check = await resolver.get();
    } catch {
      return { values: values as unknown as Output, errors: {} };
    }
    return check(values, context, options);
  };
  return Object.assign(resolve, { preload: resolver.preload });
}
