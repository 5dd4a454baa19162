import { Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '@/web/i18n/language-switcher';
import { cn } from '@/web/lib/cn';
import { Brand, TAGLINE } from './brand';
import { FOOTER_COMPANY, FOOTER_HOSTS } from './nav-items';
import { SOCIAL_ICONS, SOCIAL_NETWORKS } from './social-icons';

const linkClass =
  'inline-flex rounded-md py-1 text-[0.9375rem] text-stone-700 transition-colors hover:text-primary-700 hover:underline underline-offset-4';

function FooterLinks({ id, title, items }: { id: string; title: string; items: readonly { to: string; label: MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return (
    <nav aria-labelledby={id} className="flex flex-col gap-3">
      <p id={id} className="text-sm font-semibold text-stone-900">{title}</p>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClass}>
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ className }: { className?: string }) {
  const year = new Date().getFullYear();
  const { i18n, t } = useLingui();
  const tagline = i18n._(TAGLINE);
  return (
    <footer className={cn('mt-auto border-t border-sand-200 bg-sand-100', className)}>
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 flex flex-col gap-4 lg:col-span-1">
          <Brand tagline="never" className="self-start" />
          <p className="max-w-xs text-[0.9375rem] leading-relaxed text-stone-700">
            <Trans>{tagline}. Verified hosts who treat your dog or cat like family, right here in Gujarat.</Trans>
          </p>
        </div>

        <FooterLinks id="footer-company" title={t`Company`} items={FOOTER_COMPANY} />
        <FooterLinks id="footer-hosts" title={t`For Hosts`} items={FOOTER_HOSTS} />

        <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <p className="text-sm font-semibold text-stone-900">{t`Follow us`}</p>
          {/* No social pages exist yet (SPEC.md: "no target"), so these are labelled images, not links to nowhere. */}
          <ul className="flex gap-2" aria-label={t`Social media, coming soon`}>
            {SOCIAL_NETWORKS.map((name) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <span
                    role="img"
                    aria-label={t`${name} (coming soon)`}
                    title={t`${name}: coming soon`}
                    className="flex size-10 items-center justify-center rounded-full border border-sand-300 bg-white text-stone-700"
                  >
                    <Icon />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-stone-600">{t`Our social pages are coming soon.`}</p>
        </div>
      </div>
      <div className="border-t border-sand-200">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
          {/* The server's year (UTC) and the visitor's can differ for a few hours each New Year. */}
          <p suppressHydrationWarning>
            <Trans>© {year} PawStay. Founded in Ahmedabad in 2025.</Trans>
          </p>
          <LanguageSwitcher />
          <p>{t`Made with care for pets and their people.`}</p>
        </div>
      </div>
    </footer>
  );
}
