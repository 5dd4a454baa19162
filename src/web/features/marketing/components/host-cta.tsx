import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/web/lib/cn';
import { HostIllustration } from './illustrations';
import { CtaLink } from './section';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

/** The call to action for hosts: Become a Host → /host. */
export function HostCta({ headingId = 'host-cta-title', className }: { headingId?: string; className?: string }) {
  const { t } = useLingui();
  const fee = PLATFORM_FEE_TEXT;
  return (
    <section aria-labelledby={headingId} className={cn('pb-16 sm:pb-24', className ?? 'pt-16 sm:pt-24')}>
      <div className="container-page">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-primary-700 px-6 py-12 text-white sm:px-12 lg:grid-cols-[1.3fr_1fr] lg:py-14">
          <div className="flex flex-col gap-5">
            <p className="text-sm font-semibold tracking-wider text-primary-100 uppercase">{t`For hosts`}</p>
            <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
              <Trans>Love pets? Open your home to them.</Trans>
            </h2>
            <p className="max-w-xl text-lg leading-relaxed text-primary-50">
              {t`Earn from your spare room or flat while a happy dog or cat keeps you company. Listing is free; a ${fee} host service fee applies only on a completed booking.`}
            </p>
            <div className="flex flex-wrap gap-3 pt-2">
              <CtaLink to="/host" variant="inverse" size="lg" arrow>{t`Become a Host`}</CtaLink>
              <CtaLink to="/host/guide" variant="ghost-inverse" size="lg">{t`Read the Hosting Guide`}</CtaLink>
            </div>
          </div>
          <HostIllustration className="mx-auto max-w-sm" />
        </div>
      </div>
    </section>
  );
}
