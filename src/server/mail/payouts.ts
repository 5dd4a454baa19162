import type { IsoDate } from '../../domain/dates';
import { escapeHtml } from '../http/escape-html';
import type { MailMessage } from './mailer';
import { moneyMail } from './templates';
import { type LocalMail, type MailWords, mailWords } from './words';

// The host's payout e-mails, in their language (words.ts), marked when made in test mode
// (`testMode`: payouts go through the test gateway, and no money reaches the account). The stay's
// title is the host's own text: escaped in the HTML, kept off the subject. Amounts come formatted
// (formatPaise), the same in every language.

/** The stay a payout is for: its listing's title and dates. */
type PayoutStay = { listingTitle: string; startDate: IsoDate; endDate: IsoDate };

/** "Cosy flat, Mar 10 - Mar 13". */
const stayOf = (w: MailWords, s: PayoutStay) => w.say(/*i18n*/ '{listing}, {dates}', { listing: s.listingTitle, dates: w.dates(s.startDate, s.endDate) });

/** Where a host is paid: a bank account or a UPI ID, named by its last four characters only. */
export type PayoutAccountNamed = { kind: 'bank' | 'upi'; last4: string };

/** A payout e-mail: its words, and a link to the host's Payouts tab. */
function payoutNotice(w: MailWords, input: { to: string; subject: string; title: string; body: string; linkText: string; publicUrl: string; testMode: boolean }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  return moneyMail(w, {
    to: input.to,
    subject: input.subject,
    title: input.title,
    text: `${input.body}\n\n${w.say(/*i18n*/ 'Your payouts: {link}', { link })}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(input.body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">${escapeHtml(input.linkText)}</a></p>`,
    testMode: input.testMode,
  });
}

export const hostPayoutMail =
  (input: { to: string; amount: string; account: PayoutAccountNamed; reference: string; publicUrl: string; testMode: boolean } & PayoutStay): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { amount: input.amount, stay: stayOf(w, input), last4: input.account.last4, reference: input.reference };
    const body =
      input.account.kind === 'bank'
        ? w.say(/*i18n*/ 'We have paid {amount} for {stay} to your bank account ending {last4}. Reference: {reference}.', facts)
        : w.say(/*i18n*/ 'We have paid {amount} for {stay} to your UPI ID ending {last4}. Reference: {reference}.', facts);
    return payoutNotice(w, {
      ...input,
      subject: w.say(/*i18n*/ 'Payout sent: {amount}', { amount: input.amount }),
      title: w.say(/*i18n*/ 'Your payout is on its way'),
      body,
      linkText: w.say(/*i18n*/ 'See your payouts'),
    });
  };

/**
 * Sent whenever a host's payout account is set or changed: the one warning a host gets should
 * someone with their session send their payouts elsewhere.
 */
export const payoutAccountChangedMail =
  (input: { to: string; account: PayoutAccountNamed; publicUrl: string; testMode: boolean }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { last4: input.account.last4 };
    const body =
      input.account.kind === 'bank'
        ? w.say(/*i18n*/ 'Your payouts will now be paid to your bank account ending {last4}. If you did not make this change, change the account back now and write to us from the contact page.', facts)
        : w.say(/*i18n*/ 'Your payouts will now be paid to your UPI ID ending {last4}. If you did not make this change, change the account back now and write to us from the contact page.', facts);
    const title = w.say(/*i18n*/ 'Your payout account was changed');
    return payoutNotice(w, { ...input, subject: title, title, body, linkText: w.say(/*i18n*/ 'See your payout account') });
  };

/**
 * Sent once when a payout goes to the operators' queue (decision 039): the payment provider would
 * not pay it, and a person must. The provider's reason stays with the operators.
 */
export const hostPayoutDelayedMail =
  (input: { to: string; amount: string; publicUrl: string; testMode: boolean } & PayoutStay): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const body = w.say(
      /*i18n*/ 'Your payout of {amount} for {stay} is delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything. We will e-mail you when it is paid.',
      { amount: input.amount, stay: stayOf(w, input) },
    );
    return payoutNotice(w, {
      ...input,
      subject: w.say(/*i18n*/ 'Payout delayed: {amount}', { amount: input.amount }),
      title: w.say(/*i18n*/ 'Your payout is delayed'),
      body,
      linkText: w.say(/*i18n*/ 'See your payouts'),
    });
  };

/**
 * Sent when the host's share of a refund decided after their payout was paid (decision 055) came
 * back from their payout account, or could not be taken (the provider's reason stays with the
 * operators, who will be in touch).
 */
export const hostPayoutRecoveryMail =
  (input: { to: string; amount: string; recovered: boolean; publicUrl: string; testMode: boolean } & PayoutStay): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { amount: input.amount, stay: stayOf(w, input) };
    const [subject, title, body] = input.recovered
      ? [
          w.say(/*i18n*/ 'Part of a payout was taken back: {amount}', { amount: input.amount }),
          w.say(/*i18n*/ 'Part of a payout was taken back'),
          w.say(
            /*i18n*/ 'After the problem on {stay} was resolved with a refund to the guest, {amount} of the payout you were paid for it was taken back from your payout account. Your statement shows it.',
            facts,
          ),
        ]
      : [
          w.say(/*i18n*/ 'Part of a payout is due back: {amount}', { amount: input.amount }),
          w.say(/*i18n*/ 'Part of a payout is due back'),
          w.say(
            /*i18n*/ 'After the problem on {stay} was resolved with a refund to the guest, {amount} of the payout you were paid for it is due back to PawStay. Our payment partner could not take it from your payout account, so our team will contact you about it.',
            facts,
          ),
        ];
    return payoutNotice(w, { ...input, subject, title, body, linkText: w.say(/*i18n*/ 'See your payouts') });
  };
