import { Skeleton } from '@/web/components/ui/skeleton';

/** What <main> shows while the first page's code arrives. */
export function PageFallback() {
  return (
    <div className="container-page py-16" role="status" aria-label="Loading page">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-5 h-10 w-full max-w-xl" />
      <Skeleton className="mt-4 h-5 w-full max-w-md" />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-48 rounded-3xl" />
        <Skeleton className="h-48 rounded-3xl" />
        <Skeleton className="hidden h-48 rounded-3xl lg:block" />
      </div>
    </div>
  );
}
