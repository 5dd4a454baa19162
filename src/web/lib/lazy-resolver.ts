import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads its schema (and zod, about 38 KB gzip) on the form's first
 * validation instead of with the page: a form's first view needs no validation code.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined; // the next validation tries again
      throw err;
    });
    return (await loading)(values, context, options);
  };
}
