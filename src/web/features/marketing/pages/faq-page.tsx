import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonVariants } from '@/web/components/ui/button';
import { FAQ_GROUPS } from '../content/faq';
import { FaqList } from '../components/faq-list';
import { PageHero } from '../components/section';

export function FaqPage() {
  const { i18n, t } = useLingui();
  return (
    <>
      <title>{t`FAQ · PawStay`}</title>
      <PageHero
        eyebrow={t`FAQ`}
        title={t`Frequently asked questions`}
        lead={t`Everything pet parents and hosts ask us about stays, verification, payments and cancellations.`}
      />
      <div className="container-page grid gap-12 pt-4 pb-20 lg:grid-cols-[14rem_1fr] lg:gap-16">
        <nav aria-label={t`FAQ topics`} className="lg:sticky lg:top-28 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {FAQ_GROUPS.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="inline-flex rounded-full border border-stone-200 px-4 py-2 text-sm font-semibold text-stone-700 transition-colors hover:border-primary-300 hover:text-primary-800 lg:flex lg:rounded-xl lg:border-0 lg:px-3"
                >
                  {i18n._(group.title)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-14">
          {FAQ_GROUPS.map((group) => (
            <section key={group.id} aria-labelledby={group.id} className="scroll-mt-24">
              <h2 id={group.id} className="mb-5 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
                {i18n._(group.title)}
              </h2>
              <FaqList items={group.items} />
            </section>
          ))}
          <div className="flex flex-col items-start gap-4 rounded-3xl bg-sand-100 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div>
              <h2 className="text-xl font-semibold text-stone-900">
                <Trans>Still have a question?</Trans>
              </h2>
              <p className="mt-1 text-stone-700">
                <Trans>Write to our team in Ahmedabad and we’ll get back to you soon.</Trans>
              </p>
            </div>
            <Link to="/contact" className={buttonVariants()}>
              <Mail aria-hidden="true" />
              <Trans>Contact Us</Trans>
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
