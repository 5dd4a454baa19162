import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { onToasterWanted } from '@/web/lib/toast';
import { queryClient } from './query-client';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** sonner's <Toaster>, mounted when the first toast is wanted (see lib/toast.ts). */
function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" closeButton toastOptions={{ className: 'font-sans', style: { borderRadius: '1rem' } }} />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
