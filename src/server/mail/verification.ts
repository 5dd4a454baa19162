import { CALL_SLOT_MINUTES, ID_FILE_KEPT_DAYS } from '../../domain/verification';
import type { MailMessage } from './mailer';
import { noticeMail as mail } from './templates';

// The host's verification e-mails (issue 23), one at each step that reaches us: the ID received,
// the call time chosen, the request sent for review, then approved, or rejected with the
// operator's reason. The ID itself is never named beyond its kind, and never attached; nor is
// where it is kept.

/** Each e-mail's subject, word for word. */
export const VERIFICATION_MAIL_SUBJECTS = {
  idReceived: 'We have your ID for verification',
  callChosen: 'Your verification call time',
  received: 'We have your verification request',
  approved: 'You are verified on PawStay',
  rejected: 'Your verification was not approved',
} as const;

/** `document`: the kind of ID (domain/verification.ts ID_DOCUMENT_NAMES), never more. */
export function verificationIdReceivedMail(input: { to: string; document: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    VERIFICATION_MAIL_SUBJECTS.idReceived,
    'We have your ID',
    `Thank you: we have your ID (${input.document}). It is kept private, seen only by the PawStay team that checks it, and deleted ${ID_FILE_KEPT_DAYS} days after we decide. Once your photos are confirmed and a call time chosen, send your request for review from your host dashboard.`,
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

/** `call`: the slot as India's clock shows it (formatCallSlot). */
export function verificationCallChosenMail(input: { to: string; call: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    VERIFICATION_MAIL_SUBJECTS.callChosen,
    'Your video call time',
    `You chose ${input.call} (India time) for your verification video call, ${CALL_SLOT_MINUTES} minutes with the PawStay team. The time is held for you once you send your request for review; until then another host may take it.`,
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

export function verificationReceivedMail(input: { to: string; call: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    VERIFICATION_MAIL_SUBJECTS.received,
    'Your verification is under review',
    `Thank you: we have your ID and your photos, and we will call you by video on ${input.call} (India time). We decide within 1-2 business days and will e-mail you.`,
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

export function verificationApprovedMail(input: { to: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    VERIFICATION_MAIL_SUBJECTS.approved,
    'You are verified',
    'Your verification is approved: every listing of yours now carries the Verified badge, in search and on its page.',
    `${input.publicUrl}/host`,
    'Your host dashboard',
  );
}

export function verificationRejectedMail(input: { to: string; reason: string; publicUrl: string }): MailMessage {
  return mail(
    input.to,
    VERIFICATION_MAIL_SUBJECTS.rejected,
    'Your verification was not approved',
    `We could not approve your verification this time. Our reason:\n\n${input.reason}\n\nYou can try again from your host dashboard.`,
    `${input.publicUrl}/host`,
    'Try again',
  );
}
