import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's render of a page and while the browser hydrates it, true from then on: for
 * what must not be used before the app runs (decision 011), such as a form that would otherwise
 * submit itself to the page's own address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
