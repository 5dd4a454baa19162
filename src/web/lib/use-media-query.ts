import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether the server rendered the page for a wide screen (it guesses from the browser's name):
 * useMediaQuery's answer while hydrating, which must be the server's. `min-width` queries match
 * on a wide screen, and nothing else does. After hydration the real answer takes over.
 */
export const RenderedWideContext = createContext(false);

/** Whether a CSS media query matches, kept up to date (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const renderedWide = useContext(RenderedWideContext);
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => renderedWide && query.includes('min-width'),
  );
}
