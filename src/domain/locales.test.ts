import { describe, expect, it } from 'vitest';
import { chooseLocale, fromAcceptLanguage, isLocale } from './locales';

describe('fromAcceptLanguage', () => {
  it.each([
    ['gu-IN,gu;q=0.9,en;q=0.8', 'gu'],
    ['hi', 'hi'],
    ['en-GB,hi;q=0.5', 'en'],
    ['fr-FR,fr;q=0.9', undefined],
    ['fr;q=0.9,hi;q=0.8,gu;q=0.85', 'gu'],
    // Equal weights: the order written.
    ['mr, hi, gu', 'hi'],
    // q=0 means "not this one".
    ['gu;q=0,en;q=0.1', 'en'],
    ['*', undefined],
    ['', undefined],
    [undefined, undefined],
    // Nonsense is passed over, not thrown on.
    [';;;,q=,gu;q=abc', 'gu'],
    ['HI-in', 'hi'],
  ])('%j asks for %j', (header, locale) => {
    expect(fromAcceptLanguage(header)).toBe(locale);
  });
});

describe('chooseLocale', () => {
  it('takes the saved choice, then the cookie, then Accept-Language, then English', () => {
    expect(chooseLocale({ saved: 'hi', cookie: 'gu', acceptLanguage: 'en' })).toBe('hi');
    expect(chooseLocale({ saved: null, cookie: 'gu', acceptLanguage: 'hi' })).toBe('gu');
    expect(chooseLocale({ cookie: undefined, acceptLanguage: 'hi-IN,en;q=0.5' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: 'ta-IN' })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });

  it('passes over a value that is none of its languages', () => {
    expect(chooseLocale({ saved: 'xx', cookie: '<script>', acceptLanguage: 'gu' })).toBe('gu');
    expect(isLocale('__proto__')).toBe(false);
    expect(isLocale('toString')).toBe(false);
  });
});
