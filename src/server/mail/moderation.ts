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
