import type { Messages } from '@lingui/core';
import { isLocale, SOURCE_LOCALE, type Locale } from '@/domain/locales';

// A language's messages (decision 059), cut by the code that uses them (decision 064). English is
// the code's own text (scripts/vite/lingui-macros.ts), so it loads nothing. Gujarati and Hindi
// each have a first chunk (web/i18n/locale-*.ts, with the language's font) holding the words of
// the code every page runs, and in the browser's build the loader of the parts that hold the words
// of each module the app imports on demand (scripts/vite/catalogue-parts.ts, web/i18n/parts.ts).
// On the server, in the tests and in development, the first chunk is the whole catalogue.

/** A language's first chunk: its messages, and the loader of a module's part (none when they are whole). */
type Catalogue = { messages: Messages; addPart?: (key: string) => Promise<void> };

const catalogues = new Map<Locale, Promise<Catalogue>>();
/** The modules imported on demand so far, by their keys: a switch of language loads their words too. */
const imported = new Set<string>();
/** The language the browser's app speaks or is switching to; until it starts, its page's. */
let speaking: Locale | undefined;

function catalogueOf(locale: Locale): Promise<Catalogue> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = locale === 'gu' ? import('./locale-gu') : locale === 'hi' ? import('./locale-hi') : Promise.resolve({ messages: {} });
    // One that could not be loaded (offline) is asked for again next time.
    catalogue.catch(() => catalogues.delete(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** The language the server wrote the page in (<html lang="gu-IN">), else English. */
export function pageLocale(doc: Document = document): Locale {
  const primary = doc.documentElement.lang.split('-')[0]?.toLowerCase();
  return isLocale(primary) ? primary : SOURCE_LOCALE;
}

/**
 * A module imported on demand, resolved once its words in the app's language have been added
 * too; on an English page, the import alone. The browser's build writes every `import('…')` of
 * the app's own modules as a call of this (as a global, so that the modules that load others on
 * demand need not import it, which would regroup the app's chunks).
 */
function withMessages<T>(loading: Promise<T>, key: string): Promise<T> {
  imported.add(key);
  const locale = speaking ?? pageLocale();
  if (locale === SOURCE_LOCALE) return loading;
  // Words that cannot be loaded leave the module's in English; the module itself still comes.
  const words = catalogueOf(locale).then(({ addPart }) => addPart?.(key)).catch(() => undefined);
  return Promise.all([loading, words]).then(([module]) => module);
}
globalThis.__pawstayWithMessages = withMessages;

/** `locale`'s messages: on the server, the whole catalogue. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await catalogueOf(locale)).messages;
}

/**
 * The browser's: `locale`'s messages, with the words of every module the app has imported on
 * demand, those imported while they load included. The app speaks it from then on; a language that
 * could not be loaded changes nothing, and can be asked for again.
 */
export async function speak(locale: Locale): Promise<Messages> {
  const { messages, addPart } = await catalogueOf(locale);
  const done = new Set<string>();
  for (let next = [...imported]; next.length > 0; next = [...imported].filter((key) => !done.has(key))) {
    next.forEach((key) => done.add(key));
    if (addPart) await Promise.all(next.map(addPart));
  }
  speaking = locale;
  return messages;
}
