import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { Button, buttonVariants } from '@/web/components/ui/button';

/** Shown in place of a page that failed to load or crashed; the header and footer stay. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  // After a deploy, an old page may ask for a code chunk that no longer exists: a reload fixes it.
  const staleChunk = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <title>Something went wrong · PawStay</title>
      <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{status ? `Error ${status}` : 'Sorry'}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        {staleChunk ? 'PawStay has been updated' : 'Something went wrong'}
      </h1>
      <p className="mt-4 max-w-md text-lg text-stone-600">
        {staleChunk
          ? 'A newer version is available. Reload the page to continue.'
          : 'This page ran into a problem. Try again, or head back home while we look into it.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Reload page
        </Button>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
