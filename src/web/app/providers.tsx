import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ToasterProps } from 'sonner';
import { RenderedParts } from '@/web/lib/lazy-part';
import { onToasterWanted } from '@/web/lib/toast';
import { RenderedWideContext } from '@/web/lib/use-media-query';
import { APP_READY_EVENT } from './app-readiness';
import { queryClient } from './query-client';

/**
 * sonner's <Toaster>, mounted once lib/toast.ts has loaded sonner for the first toast. Not
 * React.lazy: a chunk that fails to load (a deploy, the network) must leave the page as it is
 * and let the next toast try again, not throw at the root.
 */
function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps>>();
  useEffect(() => onToasterWanted((sonner) => setToaster(() => sonner.Toaster)), []);
  if (!Toaster) return null;
  return <Toaster position="top-center" closeButton toastOptions={{ className: 'font-sans', style: { borderRadius: '1rem' } }} />;
}

/**
 * Tells the first-view loader that the app has committed its first render and so can act: the
 * presses it held meanwhile are replayed (web/first-view-loader.ts, decision 018). Rendered by the
 * server too and drawing nothing, so that the server's tree and the hydrated one are the same
 * (a sibling in one only would shift every useId, and the ids in the server's HTML).
 */
function ReportReady() {
  useEffect(() => void document.dispatchEvent(new Event(APP_READY_EVENT)), []);
  return null;
}

type AppProvidersProps = {
  children: ReactNode;
  /** The page's language and its messages (web/i18n; decision 059). */
  i18n: I18n;
  client?: QueryClient;
  /** Whether the server rendered the page being hydrated for a wide screen (lib/use-media-query.ts). */
  renderedWide?: boolean;
  /** On the server: where the parts loaded on first use that the render draws are listed (lib/lazy-part.tsx). */
  renderedParts?: Set<string>;
};

export function AppProviders({ children, i18n, client = queryClient, renderedWide = false, renderedParts }: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RenderedWideContext value={renderedWide}>
          <RenderedParts value={renderedParts ?? null}>
            {children}
            <ToasterHost />
            <ReportReady />
          </RenderedParts>
        </RenderedWideContext>
      </QueryClientProvider>
    </I18nProvider>
  );
}
