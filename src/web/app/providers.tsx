import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ToasterProps } from 'sonner';
import { onToasterWanted } from '@/web/lib/toast';
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

export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
