import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

// The toaster is not needed to paint the first view: it loads right after, in its own chunk.
// (`toast()` calls only happen after user actions, by which time it is mounted.)
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-center" closeButton toastOptions={{ className: 'font-sans', style: { borderRadius: '1rem' } }} />
      </Suspense>
    </QueryClientProvider>
  );
}
