import type { ReactNode } from 'react';
import { useHydrated } from '@/web/lib/use-hydrated';

/**
 * The controls of a form on a server-rendered page, disabled until the app has hydrated it
 * (decisions 011 and 013). Before that, a press would submit the form natively to the page's own
 * address (a reload that loses the page), and what was typed or picked would be undone by
 * hydration, which sets each control to the server's value.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
