import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { chooseLocale, LOCALE_COOKIE, LOCALES, SOURCE_LOCALE, type Locale } from '../../domain/locales';
import type { Words } from '../../domain/notifications/notices';
import { fillIn } from '../../domain/fill-in';
import { parsePo } from './po';

// The server's words in the reader's language (decision 063). A text the server answers with (an
// error's message, a field's) is written in English in the code, marked `/*i18n*/` where it is
// written so that `npx lingui extract` puts it in the catalogues, and translated here by that
// English. A text no catalogue has is answered as written, in English.

const here = path.dirname(fileURLToPath(import.meta.url));

/** Beside the bundle (dist/server/locales, copied by scripts/build-server.mjs), or the sources'. */
function catalogueFile(locale: Locale): string {
  const candidates = [path.join(here, 'locales', locale, 'messages.po'), path.join(here, '..', '..', 'locales', locale, 'messages.po')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`The ${locale} catalogue is in none of ${candidates.join(', ')}`);
  return found;
}

/** Each message's text by its English; messages with a context are the screens' own. */
function readCatalogue(locale: Locale): Map<string, string> {
  const texts = new Map<string, string>();
  for (const entry of parsePo(readFileSync(catalogueFile(locale), 'utf8'))) {
    if (entry.obsolete || entry.context !== undefined) continue;
    const text = locale === SOURCE_LOCALE ? entry.translation || entry.id : entry.translation;
    if (text) texts.set(entry.id, text);
  }
  return texts;
}

// A message is compiled the first time it is said: the catalogues hold every screen's words too
// (about 1,400 a language), of which a server says a few dozen, and every test file starts an app.
let catalogues: Map<Locale, { texts: Map<string, string>; i18n: I18n }> | undefined;

/** Reads the catalogues, once: at the app's start, so that a missing file stops it there. */
export function loadCatalogues(): void {
  catalogues ??= new Map(LOCALES.map((l) => [l, { texts: readCatalogue(l), i18n: setupI18n({ locale: l, messages: { [l]: {} } }) }]));
}

/** `english` said in `locale`, compiled once; undefined when that catalogue has no such text. */
function sayIn(locale: Locale, english: string, values?: Record<string, unknown>): string | undefined {
  loadCatalogues();
  const { texts, i18n } = catalogues!.get(locale)!;
  if (i18n.messages[english] === undefined) {
    const text = texts.get(english);
    if (text === undefined) return undefined;
    i18n.load(locale, { [english]: compileMessage(text) });
  }
  return i18n._(english, values);
}

/**
 * `english` in `locale`, its `{placeholders}` filled from `values`; as written when no catalogue
 * has it (an unmarked text, or one a translator has not reached).
 */
export function say(locale: Locale, english: string, values?: Record<string, unknown>): string {
  // Not in this language: the English catalogue's, its values filled in; else the text as written.
  return sayIn(locale, english, values) ?? sayIn(SOURCE_LOCALE, english, values) ?? fillIn(english, values);
}

/** The words of a notice (domain/notifications/notices.ts) in `locale`. */
export const wordsIn = (locale: Locale): Words => ({ locale, say: (english, values) => say(locale, english, values) });

/**
 * The language a request is answered in (decision 059): the cookie keeps a choice (a user's is set
 * at sign-in from their profile), else the browser's Accept-Language. No session is read for it.
 */
export const readerLocale = (request: FastifyRequest): Locale =>
  chooseLocale({ cookie: request.cookies?.[LOCALE_COOKIE], acceptLanguage: request.headers['accept-language'] });
