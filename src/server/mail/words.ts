import type { IsoDate } from '../../domain/dates';
import { formatInstantIn, formatStayDates } from '../../domain/dates-in-language';
import { INTL_LOCALES, type Locale } from '../../domain/locales';
import { listWords } from '../../domain/words';
import { say } from '../i18n/words';
import type { MailMessage } from './mailer';

// E-mails in their recipient's language (issue 39, decision 067). A mail is written when the
// language of whoever receives it is known: notify() reads the recipient's saved language in the
// change's transaction, queueMailFor() a user's, and a sign-in code takes the page's. Each text is
// written whole in English, marked `/*i18n*/` for the catalogues, its facts as {placeholders};
// server-only texts may use ICU plurals, since say() compiles every message.

/** A mail to be written in its recipient's language. */
export type LocalMail = (locale: Locale) => MailMessage;

const lists = new Map<Locale, Intl.ListFormat>();

/** What a mail needs to word itself in `locale`. */
export function mailWords(locale: Locale) {
  return {
    locale,
    /** A marked text in `locale`, its placeholders filled from `values`. */
    say: (english: string, values?: Record<string, unknown>) => say(locale, english, values),
    /** A stay's dates: "Mar 10 - Mar 13" (SPEC.md), "10–13 માર્ચ". */
    dates: (from: IsoDate, to: IsoDate) => formatStayDates(from, to, locale),
    /** An instant on India's clock: "9 Mar, 2:00 pm". */
    instant: (at: Date | string) => formatInstantIn(at, locale),
    /** "Bruno and Coco", "Bruno અને Coco". */
    list: (words: readonly string[]) => {
      if (locale === 'en') return listWords(words);
      let formatter = lists.get(locale);
      if (!formatter) lists.set(locale, (formatter = new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction' })));
      return formatter.format(words);
    },
  };
}

export type MailWords = ReturnType<typeof mailWords>;

/** A subject stays on one line whatever a user typed into the title or name it carries. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
