import { escapeHtml } from '../http/escape-html';
import type { MailMessage } from './mailer';
import { layout } from './templates';

// The host's payout e-mail. The stay's title is the host's own text: escaped in the HTML, kept
// off the subject.

export function hostPayoutMail(input: { to: string; amount: string; stay: string; account: string; reference: string; publicUrl: string }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `We have paid ${input.amount} for ${input.stay} to your ${input.account}. Reference: ${input.reference}.`;
  return {
    to: input.to,
    subject: `Payout sent: ${input.amount}`,
    text: `${body}\n\nYour payouts: ${link}\n`,
    html: layout('Your payout is on its way', `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payouts</a></p>`),
  };
}

/**
 * Sent whenever a host's payout account is set or changed: the one warning a host gets should
 * someone with their session send their payouts elsewhere.
 */
export function payoutAccountChangedMail(input: { to: string; account: string; publicUrl: string }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `Your payouts will now be paid to your ${input.account}. If you did not make this change, change the account back now and write to us from the contact page.`;
  return {
    to: input.to,
    subject: 'Your payout account was changed',
    text: `${body}\n\nYour payouts: ${link}\n`,
    html: layout('Your payout account was changed', `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payout account</a></p>`),
  };
}

/**
 * Sent once when a payout goes to the operators' queue (decision 039): the payment provider would
 * not pay it, and a person must. The provider's reason stays with the operators.
 */
export function hostPayoutDelayedMail(input: { to: string; amount: string; stay: string; publicUrl: string }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `Your payout of ${input.amount} for ${input.stay} is delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything. We will e-mail you when it is paid.`;
  return {
    to: input.to,
    subject: `Payout delayed: ${input.amount}`,
    text: `${body}\n\nYour payouts: ${link}\n`,
    html: layout('Your payout is delayed', `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payouts</a></p>`),
  };
}
