import { i18n as appI18n, setupI18n, type I18n } from '@lingui/core';
import { INTL_LOCALES, isLocale, SOURCE_LOCALE, type Locale } from '@/domain/locales';
import { loadMessages, pageLocale, speak } from './messages';

export { pageLocale };

// The app's languages at run time (decision 059). In the browser, Lingui's global instance is the
// app's, so that code outside components (a toast after a request) speaks the page's language; on
// the server each render has an instance of its own, since renders in different languages
// overlap, and the global stays unset there: a message read outside a render fails loudly.

/** An i18n instance speaking `locale`, its messages loaded: one per server render. */
export async function createI18n(locale: Locale): Promise<I18n> {
  return setupI18n({ locale, locales: [INTL_LOCALES[locale]], messages: { [locale]: await loadMessages(locale) } });
}

/** The browser's instance, speaking `locale` once its messages have arrived. */
export async function activateLocale(locale: Locale): Promise<I18n> {
  const messages = await speak(locale);
  appI18n.loadAndActivate({ locale, locales: [INTL_LOCALES[locale]], messages });
  return appI18n;
}

/** The language `i18n` speaks, as one of ours. */
export const localeOf = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

/** The browser's instance, in the language of the page. */
export const startAppI18n = () => activateLocale(pageLocale());

const lists = new Map<Locale, Intl.ListFormat>();
/** "Bruno, Simba and Coco", "Bruno, Simba અને Coco", "Bruno, Simba, और Coco": a list in the page's language. */
export function formatList(words: readonly string[], i18n: I18n): string {
  const locale = localeOf(i18n);
  let formatter = lists.get(locale);
  if (!formatter) {
    formatter = new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction' });
    lists.set(locale, formatter);
  }
  return formatter.format(words);
}
