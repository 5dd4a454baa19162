import type { MailMessage } from './mailer';
import { noticeMail as mail } from './templates';

// The host's verification e-mails (issue 23): received, approved, rejected with the operator's
// reason. The ID itself is never named beyond its kind, and never attached.

export function verificationReceivedMail(input: { to: string; call: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    'We have your verification request',
    'Your verification is under review',
    `Thank you: we have your ID and your photos, and we will call you by video on ${input.call} (India time). We decide within 1-2 business days and will e-mail you.`,
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

export function verificationApprovedMail(input: { to: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    'You are verified on PawStay',
    'You are verified',
    'Your verification is approved: every listing of yours now carries the Verified badge, in search and on its page.',
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

export function verificationRejectedMail(input: { to: string; reason: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    'Your verification was not approved',
    'Your verification was not approved',
    `We could not approve your verification this time. Our reason:\n\n${input.reason}\n\nYou can try again from your host dashboard.`,
    `${input.publicUrl}/host`,
    'Try again',
  );
}
