import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALES, LOCALES } from '@/domain/locales';
import { lightNumberFormat } from './light-number-format';

// Lingui's locales for a language: ours, then its default (normalizeLocales in @lingui/core).
const linguiLocales = (tag: string) => [tag, 'en'];

describe('lightNumberFormat', () => {
  it.each(LOCALES)('writes every number as Intl does in %s', (locale) => {
    const locales = linguiLocales(INTL_LOCALES[locale]);
    const intl = new Intl.NumberFormat(locales);
    const light = lightNumberFormat(locales);
    const numbers = fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.double({ noNaN: false }), fc.constantFrom(0, -0, 1, 2, 1e21, Number.MAX_SAFE_INTEGER + 2));
    fc.assert(
      fc.property(numbers, (n) => {
        expect(light.format(n)).toBe(intl.format(n));
      }),
      { numRuns: 3000 },
    );
    expect(light.format(1234567)).toBe('12,34,567');
  });

  it("is Intl's own for options or a locale it does not know", () => {
    expect(lightNumberFormat(['en-IN', 'en'], { style: 'percent' })).toBeInstanceOf(Intl.NumberFormat);
    expect(lightNumberFormat(['fr-FR', 'en'])).toBeInstanceOf(Intl.NumberFormat);
    expect(lightNumberFormat(['en-IN', 'en'])).not.toBeInstanceOf(Intl.NumberFormat);
  });
});
