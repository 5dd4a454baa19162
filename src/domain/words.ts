import type { Locale } from './locales';

/**
 * How a text the domain words is said to its reader: their language, and the catalogue's lookup of
 * a marked text (decision 063) by its English, its `{placeholders}` filled from `values`; `list`
 * joins names as the language does (English: listWords).
 */
export type Words = {
  locale: Locale;
  say: (english: string, values?: Record<string, string | number>) => string;
  list?: (words: readonly string[]) => string;
};

/** "Bruno", "Bruno and Coco", "Bruno, Coco and Max": words listed as a sentence says them. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
