import type { I18n } from '@lingui/core';
import { fillIn } from '@/domain/fill-in';

/**
 * inPageLanguage (known-words.ts) for a marked text with `{placeholders}` (a notice's words),
 * filled from `values`: translated where the page's catalogue has it, else the English filled in.
 */
export const inPageLanguageWith = (i18n: I18n, text: string, values?: Record<string, string | number>): string =>
  i18n.messages[text] === undefined ? fillIn(text, values) : i18n._(text, values);
