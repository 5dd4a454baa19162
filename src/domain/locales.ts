// The languages PawStay is written in (PRODUCT.md section 12): English, Gujarati and Hindi, and how
// a visitor's is chosen. One place for the list, the names and the choosing, read by the server
// (the page's first view, e-mails) and the web app (the switcher) alike. Decision 059.

export const LOCALES = ['en', 'gu', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name in its own script, as the switcher shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', gu: 'ગુજરાતી', hi: 'हिन्दी' };

/** The tag Intl formats with: Indian English, Gujarati and Hindi as written in India (lakh grouping). */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-IN', gu: 'gu-IN', hi: 'hi-IN' };

/** The cookie that keeps a visitor's choice (signed in or not); the profile keeps a user's. */
export const LOCALE_COOKIE = 'pawstay_lang';
/** A year: a choice of language is not made again each visit. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The language an Accept-Language header asks for first among ours, by its q-values (RFC 9110
 * 12.5.4): "gu-IN,gu;q=0.9,en;q=0.8" is Gujarati, "en-GB,hi;q=0.5" English, "fr" none of ours.
 */
export function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const asked = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: range.trim().toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asked.map((r) => r.primary).find(isLocale);
}

/**
 * The language to answer in: the user's saved choice, else the cookie's, else the browser's
 * Accept-Language, else English. A value that is none of ours is passed over.
 */
export function chooseLocale(from: { saved?: string | null; cookie?: string; acceptLanguage?: string }): Locale {
  if (isLocale(from.saved)) return from.saved;
  if (isLocale(from.cookie)) return from.cookie;
  return fromAcceptLanguage(from.acceptLanguage) ?? SOURCE_LOCALE;
}
