import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonVariants } from '@/web/components/ui/button';
import { LostDogIllustration } from '../components/illustrations';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center gap-6 py-16 text-center sm:py-24">
      <title>{t`Page not found · PawStay`}</title>
      <LostDogIllustration className="w-64 sm:w-80" />
      <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">
        <Trans>Error 404</Trans>
      </p>
      <h1 className="text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">
        <Trans>Oops! Page not found</Trans>
      </h1>
      <p className="max-w-md text-lg text-stone-600">
        <Trans>We sniffed everywhere, but this page has wandered off. Let’s get you back on the trail.</Trans>
      </p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        <Home aria-hidden="true" />
        <Trans>Return to Home</Trans>
      </Link>
    </section>
  );
}
