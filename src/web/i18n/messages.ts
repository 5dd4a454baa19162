import type { Messages } from '@lingui/core';
import type { Locale } from '@/domain/locales';

/**
 * A language's compiled messages. English is the code's own text (scripts/vite/lingui-macros.ts),
 * so it loads nothing; the others are a chunk each, with their font.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return Promise.resolve({});
    case 'gu':
      return import('./locale-gu').then((m) => m.messages);
    case 'hi':
      return import('./locale-hi').then((m) => m.messages);
  }
}
