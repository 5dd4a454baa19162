import { groupIndian } from '@/domain/number-grouping';
import { INTL_LOCALES } from '@/domain/locales';

// Lingui writes the count of every plural through Intl.NumberFormat, even for a message that
// shows no number, and building a page's first NumberFormat costs Chromium 30-60 ms of main
// thread (its number data), four times that under Lighthouse's phone slowdown: /search's results
// count alone took 150 ms of it. The app's three locales write a whole number alike, in Latin
// digits grouped the Indian way (12,34,567), so Lingui's formatter for a plain number is this one
// (scripts/vite/light-plural-numbers.ts), which builds the real one only for what it cannot write.

type NumberFormatLike = Pick<Intl.NumberFormat, 'format'>;

const OURS = new Set<string>(Object.values(INTL_LOCALES));

/** Lingui's formatter for `locales` and `options`: ours for a plain number in our locales, else Intl's. */
export function lightNumberFormat(locales: string[], options?: Intl.NumberFormatOptions): NumberFormatLike {
  if (options !== undefined || !OURS.has(locales[0] ?? '')) return new Intl.NumberFormat(locales, options);
  let intl: Intl.NumberFormat | undefined;
  return {
    format(value: number | bigint | string) {
      if (typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0)) return `${value < 0 ? '-' : ''}${groupIndian(Math.abs(value))}`;
      intl ??= new Intl.NumberFormat(locales);
      return intl.format(value as number);
    },
  };
}
