import { escapeHtml } from '../http/escape-html';
import type { MailMessage } from './mailer';
import { moneyMail } from './templates';

// The host's payout e-mails, marked when made in test mode (`testMode`: payouts go through the
// test gateway, and no money reaches the account). The stay's title is the host's own text:
// escaped in the HTML, kept off the subject.

/** A payout e-mail: its words, and a link to the host's Payouts tab. */
function payoutNotice(input: { to: string; subject: string; title: string; body: string; linkText: string; publicUrl: string; testMode: boolean }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  return moneyMail({
    to: input.to,
    subject: input.subject,
    title: input.title,
    text: `${input.body}\n\nYour payouts: ${link}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(input.body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">${escapeHtml(input.linkText)}</a></p>`,
    testMode: input.testMode,
  });
}

export function hostPayoutMail(input: { to: string; amount: string; stay: string; account: string; reference: string; publicUrl: string; testMode: boolean }): MailMessage {
  const body = `We have paid ${input.amount} for ${input.stay} to your ${input.account}. Reference: ${input.reference}.`;
  return payoutNotice({ ...input, subject: `Payout sent: ${input.amount}`, title: 'Your payout is on its way', body, linkText: 'See your payouts' });
}

/**
 * Sent whenever a host's payout account is set or changed: the one warning a host gets should
 * someone with their session send their payouts elsewhere.
 */
export function payoutAccountChangedMail(input: { to: string; account: string; publicUrl: string; testMode: boolean }): MailMessage {
  const body = `Your payouts will now be paid to your ${input.account}. If you did not make this change, change the account back now and write to us from the contact page.`;
  return payoutNotice({ ...input, subject: 'Your payout account was changed', title: 'Your payout account was changed', body, linkText: 'See your payout account' });
}

/**
 * Sent once when a payout goes to the operators' queue (decision 039): the payment provider would
 * not pay it, and a person must. The provider's reason stays with the operators.
 */
export function hostPayoutDelayedMail(input: { to: string; amount: string; stay: string; publicUrl: string; testMode: boolean }): MailMessage {
  const body = `Your payout of ${input.amount} for ${input.stay} is delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything. We will e-mail you when it is paid.`;
  return payoutNotice({ ...input, subject: `Payout delayed: ${input.amount}`, title: 'Your payout is delayed', body, linkText: 'See your payouts' });
}

/**
 * Sent when the host's share of a refund decided after their payout was paid (decision 055) came
 * back from their payout account, or could not be taken (the provider's reason stays with the
 * operators, who will be in touch).
 */
export function hostPayoutRecoveryMail(input: { to: string; amount: string; stay: string; recovered: boolean; publicUrl: string; testMode: boolean }): MailMessage {
  const body = input.recovered
    ? `After the problem on ${input.stay} was resolved with a refund to the guest, ${input.amount} of the payout you were paid for it was taken back from your payout account. Your statement shows it.`
    : `After the problem on ${input.stay} was resolved with a refund to the guest, ${input.amount} of the payout you were paid for it is due back to PawStay. Our payment partner could not take it from your payout account, so our team will contact you about it.`;
  const title = input.recovered ? 'Part of a payout was taken back' : 'Part of a payout is due back';
  return payoutNotice({ ...input, subject: `${title}: ${input.amount}`, title, body, linkText: 'See your payouts' });
}
