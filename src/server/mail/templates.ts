import { TEST_MODE_NOTICE } from '../../domain/test-mode';
import { escapeHtml } from '../http/escape-html';
import type { MailMessage } from './mailer';
import { mailWords, type MailWords } from './words';

/**
 * Wraps already-escaped HTML in the PawStay mail layout (inline styles: mail clients ignore CSS),
 * in the language of `w`; a mail about money made in test mode has the test-mode notice above
 * everything else.
 */
export function layout(title: string, innerHtml: string, w: MailWords, testMode = false): string {
  const notice = testMode
    ? `<tr><td style="background:#fef3c7;border:1px solid #b45309;border-radius:8px;padding:10px 14px;font-size:15px;font-weight:bold;color:#78350f">${escapeHtml(w.say(TEST_MODE_NOTICE))}.</td></tr>\n<tr><td style="height:12px"></td></tr>\n`
    : '';
  return `<!doctype html><html lang="${w.locale}"><head><meta charset="utf-8"></head><body style="margin:0;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#2b2420">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:28px">
${notice}<tr><td style="font-size:20px;font-weight:bold;color:#c2410c;padding-bottom:12px">PawStay</td></tr>
<tr><td><h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(title)}</h1>${innerHtml}</td></tr>
<tr><td style="padding-top:20px;font-size:12px;color:#6b625c">${escapeHtml(w.say(/*i18n*/ 'PawStay · Pet-friendly stays, starting in Ahmedabad'))}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A link drawn as a button, in a paragraph of its own. */
export const button = (href: string, label: string) =>
  `<p style="margin:20px 0 0"><a href="${escapeHtml(href)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * A mail that speaks of money (a payment due or made, a refund, a payout, where payouts go). Made
 * while payments run through the test gateway (`testMode`, decision 040), it says so first: in its
 * subject, its text's first line and the top of its HTML, so no one takes it for real money.
 */
export function moneyMail(w: MailWords, m: { to: string; subject: string; title: string; text: string; innerHtml: string; testMode: boolean }): MailMessage {
  return {
    to: m.to,
    subject: m.testMode ? w.say(/*i18n*/ '[Test mode] {subject}', { subject: m.subject }) : m.subject,
    text: m.testMode ? `${w.say(TEST_MODE_NOTICE)}.\n\n${m.text}` : m.text,
    html: layout(m.title, m.innerHtml, w, m.testMode),
  };
}

/** A notice: a paragraph (line breaks kept) and one link. */
export const noticeMail = (w: MailWords, to: string, subject: string, title: string, body: string, link: string, linkText: string): MailMessage => ({
  to,
  subject,
  text: `${body}\n\n${linkText}: ${link}\n`,
  html: layout(title, `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(body)}</p>\n<p style="margin:0"><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`, w),
});

/** To PawStay's support team, who read English: the contact form's message as the visitor wrote it. */
export function contactMessageMail(input: {
  to: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}): MailMessage {
  const text = `New message from the contact form\n\nFrom: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}\n`;
  const html = layout(
    'New message from the contact form',
    `<p style="margin:0 0 8px"><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p>
<p style="margin:0 0 16px"><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>
<p style="white-space:pre-wrap;margin:0">${escapeHtml(input.message)}</p>`,
    mailWords('en'),
  );
  return {
    to: input.to,
    // A subject line must stay on one line whatever the visitor typed.
    subject: `[Contact] ${input.subject.replace(/[\r\n]+/g, ' ')}`,
    text,
    html,
    replyTo: input.email,
  };
}
