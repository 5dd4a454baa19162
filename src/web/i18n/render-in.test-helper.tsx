import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '@lingui/react';
import type { Locale } from '@/domain/locales';
import { createI18n } from './i18n';

/** A component's server markup in one language, for tests of what a page says. */
export async function renderIn(locale: Locale, element: React.ReactNode): Promise<string> {
  const i18n = await createI18n(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{element}</MemoryRouter>
    </I18nProvider>,
  );
}

/** Someone's own words holding what Lingui would read as its tags, and how HTML escapes them. */
export const BRACKETED_WORDS = '<0>Cosy</0> <b>flat</b> <1/> & co';
export const BRACKETED_WORDS_ESCAPED = '&lt;0&gt;Cosy&lt;/0&gt; &lt;b&gt;flat&lt;/b&gt; &lt;1/&gt; &amp; co';
