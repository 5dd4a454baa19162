import type { FastifyReply } from 'fastify';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '../../../domain/locales';
import type { Db } from '../../db/client';
import { updateUserLocale } from './queries';

// A visitor's language (decision 059): a cookie for every visitor, which the pages read, and the
// profile's choice for a user, which e-mails and notices read. They are kept the same.

/** The language cookie: read by the server alone (the page's <html lang> tells the app), for a year. */
export function setLocaleCookie(reply: FastifyReply, locale: Locale, secure: boolean): void {
  reply.setCookie(LOCALE_COOKIE, locale, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: LOCALE_COOKIE_MAX_AGE_S });
}

/** A choice made now: the cookie, and the profile of a signed-in user. */
export async function chooseLanguage(db: Db, reply: FastifyReply, userId: string | undefined, locale: Locale, secure: boolean): Promise<void> {
  if (userId) await updateUserLocale(db, userId, locale);
  setLocaleCookie(reply, locale, secure);
}

/**
 * At sign-in: the profile's choice wins and the browser's cookie follows it; a profile without one
 * takes the choice the visitor made before signing in. Answers the user's language, if any.
 */
export async function settleLanguageAtSignIn(db: Db, reply: FastifyReply, user: { id: string; locale: Locale | null }, cookie: string | undefined, secure: boolean): Promise<Locale | null> {
  if (user.locale) {
    if (cookie !== user.locale) setLocaleCookie(reply, user.locale, secure);
    return user.locale;
  }
  if (!isLocale(cookie)) return null;
  await updateUserLocale(db, user.id, cookie);
  return cookie;
}
