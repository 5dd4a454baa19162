import { Fragment, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { INTL_LOCALES, LOCALE_NAMES, LOCALES, type Locale } from '@/domain/locales';
import { call } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { activateLocale, localeOf } from './i18n';

/**
 * Changes the page's language in place: its messages (and font) are fetched, the app speaks it at
 * once, with the page's state as it was (the filters, a half-typed form), and the choice is kept
 * (a cookie, and the profile when signed in) for the next page and the server's e-mails.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  document.documentElement.lang = INTL_LOCALES[locale];
  // Kept for the next pages; a failure leaves this page in the language chosen, and the next
  // page as the server last knew, which is no reason to interrupt.
  await call('PUT /api/language', { body: { locale } }).catch(() => undefined);
}

/** "English · ગુજરાતી · हिन्दी", each in its own script and marked as its language: the header's and the footer's. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  const current = localeOf(i18n);
  const [switching, setSwitching] = useState<Locale | null>(null);
  const choose = (locale: Locale) => {
    if (locale === current || switching) return;
    setSwitching(locale);
    void switchLocale(locale).finally(() => setSwitching(null));
  };
  return (
    <ul aria-label={t`Language`} className={cn('flex flex-wrap items-center gap-x-1 text-sm', className)}>
      {LOCALES.map((locale, index) => (
        <Fragment key={locale}>
          {index > 0 && (
            <li aria-hidden="true" className="text-stone-400">
              ·
            </li>
          )}
          <li>
            <button
              type="button"
              lang={INTL_LOCALES[locale]}
              aria-current={locale === current ? 'true' : undefined}
              aria-busy={switching === locale || undefined}
              onClick={() => choose(locale)}
              className={cn(
                'inline-flex min-h-9 items-center rounded-md px-1.5 underline-offset-4 transition-colors hover:text-primary-700 hover:underline',
                locale === current ? 'font-semibold text-stone-900' : 'text-stone-700',
                locale !== 'en' && 'language-name',
              )}
            >
              {LOCALE_NAMES[locale]}
            </button>
          </li>
        </Fragment>
      ))}
    </ul>
  );
}
