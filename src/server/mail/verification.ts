import { CALL_SLOT_MINUTES, ID_DOCUMENT_NAMES, ID_FILE_KEPT_DAYS, type IdDocumentType } from '../../domain/verification';
import { noticeMail as mail } from './templates';
import { type LocalMail, mailWords } from './words';

// The host's verification e-mails (issue 23), in their language (words.ts), one at each step that
// reaches us: the ID received, the call time chosen, the request sent for review, then approved,
// or rejected with the operator's reason. The ID itself is never named beyond its kind, and never
// attached; nor is where it is kept.

/** Each e-mail's subject, word for word (in English; each is translated as it is written). */
export const VERIFICATION_MAIL_SUBJECTS = {
  idReceived: /*i18n*/ 'We have your ID for verification',
  callChosen: /*i18n*/ 'Your verification call time',
  received: /*i18n*/ 'We have your verification request',
  approved: /*i18n*/ 'You are verified on PawStay',
  rejected: /*i18n*/ 'Your verification was not approved',
} as const;

/** `document`: the kind of ID (domain/verification.ts ID_DOCUMENT_NAMES), never more. */
export const verificationIdReceivedMail =
  (input: { to: string; document: IdDocumentType; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    return mail(
      w,
      input.to,
      w.say(VERIFICATION_MAIL_SUBJECTS.idReceived),
      w.say(/*i18n*/ 'We have your ID'),
      w.say(
        /*i18n*/ 'Thank you: we have your ID ({document}). It is kept private, seen only by the PawStay team that checks it, and deleted {days} days after we decide. Once your photos are confirmed and a call time chosen, send your request for review from your host dashboard.',
        { document: w.say(ID_DOCUMENT_NAMES[input.document]), days: ID_FILE_KEPT_DAYS },
      ),
      `${input.publicUrl}/host`,
      w.say(/*i18n*/ 'Your host dashboard'),
    );
  };

/** `callAt`: the slot, named as India's clock shows it (in English as formatCallSlot does). */
export const verificationCallChosenMail =
  (input: { to: string; callAt: Date | string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    return mail(
      w,
      input.to,
      w.say(VERIFICATION_MAIL_SUBJECTS.callChosen),
      w.say(/*i18n*/ 'Your video call time'),
      w.say(
        /*i18n*/ 'You chose {call} (India time) for your verification video call, {minutes} minutes with the PawStay team. The time is held for you once you send your request for review; until then another host may take it.',
        { call: w.instant(input.callAt), minutes: CALL_SLOT_MINUTES },
      ),
      `${input.publicUrl}/host`,
      w.say(/*i18n*/ 'Your host dashboard'),
    );
  };

export const verificationReceivedMail =
  (input: { to: string; callAt: Date | string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    return mail(
      w,
      input.to,
      w.say(VERIFICATION_MAIL_SUBJECTS.received),
      w.say(/*i18n*/ 'Your verification is under review'),
      w.say(
        /*i18n*/ 'Thank you: we have your ID and your photos, and we will call you by video on {call} (India time). We decide within 1-2 business days and will e-mail you.',
        { call: w.instant(input.callAt) },
      ),
      `${input.publicUrl}/host`,
      w.say(/*i18n*/ 'Your host dashboard'),
    );
  };

export const verificationApprovedMail =
  (input: { to: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    return mail(
      w,
      input.to,
      w.say(VERIFICATION_MAIL_SUBJECTS.approved),
      w.say(/*i18n*/ 'You are verified'),
      w.say(/*i18n*/ 'Your verification is approved: every listing of yours now carries the Verified badge, in search and on its page.'),
      `${input.publicUrl}/host`,
      w.say(/*i18n*/ 'Your host dashboard'),
    );
  };

/** `reason`: the operator's words, as they wrote them, between the mail's two paragraphs. */
export const verificationRejectedMail =
  (input: { to: string; reason: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const body = [
      w.say(/*i18n*/ 'We could not approve your verification this time. Our reason:'),
      input.reason,
      w.say(/*i18n*/ 'You can try again from your host dashboard.'),
    ].join('\n\n');
    return mail(w, input.to, w.say(VERIFICATION_MAIL_SUBJECTS.rejected), w.say(VERIFICATION_MAIL_SUBJECTS.rejected), body, `${input.publicUrl}/host`, w.say(/*i18n*/ 'Try again'));
  };
