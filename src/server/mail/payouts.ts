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
