import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

// What a suspended account's owner is told (issue 23): at the suspension, at each sign-in tried
// meanwhile (the sign-in form answers as for any address; only the mailbox learns why no code
// came), and at the restoration. The operator's reason is kept in the record, not sent.

export function accountSuspendedMail(input: { to: string; publicUrl: string }): MailMessage {
  return noticeMail(
    input.to,
    'Your PawStay account is suspended',
    'Your account is suspended',
    'Your PawStay account is suspended after a review by our trust and safety team, so you cannot sign in. Your listings are hidden, and your open requests and upcoming stays were cancelled; any payment for them is refunded in full.\n\nIf you think this is a mistake, write to us from the Contact page.',
    `${input.publicUrl}/contact`,
    'Contact PawStay',
  );
}

export function accountRestoredMail(input: { to: string; publicUrl: string }): MailMessage {
  return noticeMail(
    input.to,
    'Your PawStay account is active again',
    'Your account is active again',
    'Your PawStay account is restored: you can sign in again, and your listings that were taking bookings are back in search.',
    input.publicUrl,
    'Sign in to PawStay',
  );
}

/** To whoever reported something: the review is done. What was decided about another user stays private. */
export function reportDecidedMail(input: { to: string; upheld: boolean; publicUrl: string }): MailMessage {
  return noticeMail(
    input.to,
    'We looked into your report',
    'We looked into your report',
    input.upheld
      ? 'Thank you for your report. Our trust and safety team reviewed it and acted on it.'
      : 'Thank you for your report. Our trust and safety team reviewed it and found nothing against our rules this time. If something new happens, please tell us again.',
    input.publicUrl,
    'Open PawStay',
  );
}
