import { noticeMail } from './templates';
import { type LocalMail, mailWords } from './words';

// What a suspended account's owner is told (issue 23), in their language (words.ts): at the
// suspension, at each sign-in tried meanwhile (the sign-in form answers as for any address; only
// the mailbox learns why no code came), and at the restoration. The operator's reason is kept in
// the record, not sent.

export const accountSuspendedMail =
  (input: { to: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const body = [
      w.say(
        /*i18n*/ 'Your PawStay account is suspended after a review by our trust and safety team, so you cannot sign in. Your listings are hidden, and your open requests and upcoming stays were cancelled; any payment for them is refunded in full.',
      ),
      w.say(/*i18n*/ 'If you think this is a mistake, write to us from the Contact page.'),
    ].join('\n\n');
    return noticeMail(
      w,
      input.to,
      w.say(/*i18n*/ 'Your PawStay account is suspended'),
      w.say(/*i18n*/ 'Your account is suspended'),
      body,
      `${input.publicUrl}/contact`,
      w.say(/*i18n*/ 'Contact PawStay'),
    );
  };

export const accountRestoredMail =
  (input: { to: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    return noticeMail(
      w,
      input.to,
      w.say(/*i18n*/ 'Your PawStay account is active again'),
      w.say(/*i18n*/ 'Your account is active again'),
      w.say(/*i18n*/ 'Your PawStay account is restored: you can sign in again, and your listings that were taking bookings are back in search.'),
      input.publicUrl,
      w.say(/*i18n*/ 'Sign in to PawStay'),
    );
  };

/** To whoever reported something: the review is done. What was decided about another user stays private. */
export const reportDecidedMail =
  (input: { to: string; upheld: boolean; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const title = w.say(/*i18n*/ 'We looked into your report');
    return noticeMail(
      w,
      input.to,
      title,
      title,
      input.upheld
        ? w.say(/*i18n*/ 'Thank you for your report. Our trust and safety team reviewed it and acted on it.')
        : w.say(/*i18n*/ 'Thank you for your report. Our trust and safety team reviewed it and found nothing against our rules this time. If something new happens, please tell us again.'),
      input.publicUrl,
      w.say(/*i18n*/ 'Open PawStay'),
    );
  };
