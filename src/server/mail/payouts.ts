import { escapeHtml } from '../http/escape-html';
import type { MailMessage } from './mailer';
import { moneyMail } from './templates';

// The host's payout e-mails, marked when made in test mode (`testMode`: payouts go through the
// test gateway, and no money reaches the account). The stay's title is the host's own text:
// escaped in the HTML, kept off the subject.

export function hostPayoutMail(input: { to: string; amount: string; stay: string; account: string; reference: string; publicUrl: string; testMode: boolean }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `We have paid ${input.amount} for ${input.stay} to your ${input.account}. Reference: ${input.reference}.`;
  return moneyMail({
    to: input.to,
    subject: `Payout sent: ${input.amount}`,
    title: 'Your payout is on its way',
    text: `${body}\n\nYour payouts: ${link}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payouts</a></p>`,
    testMode: input.testMode,
  });
}

/**
 * Sent whenever a host's payout account is set or changed: the one warning a host gets should
 * someone with their session send their payouts elsewhere.
 */
export function payoutAccountChangedMail(input: { to: string; account: string; publicUrl: string; testMode: boolean }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `Your payouts will now be paid to your ${input.account}. If you did not make this change, change the account back now and write to us from the contact page.`;
  return moneyMail({
    to: input.to,
    subject: 'Your payout account was changed',
    title: 'Your payout account was changed',
    text: `${body}\n\nYour payouts: ${link}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payout account</a></p>`,
    testMode: input.testMode,
  });
}

/**
 * Sent once when a payout goes to the operators' queue (decision 039): the payment provider would
 * not pay it, and a person must. The provider's reason stays with the operators.
 */
export function hostPayoutDelayedMail(input: { to: string; amount: string; stay: string; publicUrl: string; testMode: boolean }): MailMessage {
  const link = `${input.publicUrl}/host?tab=payouts`;
  const body = `Your payout of ${input.amount} for ${input.stay} is delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything. We will e-mail you when it is paid.`;
  return moneyMail({
    to: input.to,
    subject: `Payout delayed: ${input.amount}`,
    title: 'Your payout is delayed',
    text: `${body}\n\nYour payouts: ${link}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">See your payouts</a></p>`,
    testMode: input.testMode,
  });
}
