import type { FieldValues, Resolver } from 'react-hook-form';
import { toast } from './toast';

/**
 * A react-hook-form resolver that loads its schema (and zod, about 38 KB gzip) on the form's first
 * validation instead of with the page: a form's first view needs no validation code. If that code
 * cannot be loaded (a deploy, the network), the form says so and stays as it is; the next
 * validation tries again.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    try {
      return (await loading)(values, context, options);
    } catch {
      const message = 'This form could not be checked. Please check your connection and try again.';
      toast.error(message);
      return { values: {}, errors: { root: { type: 'load', message } } } as never;
    }
  };
}
