import { AUTH_POLICY } from '../auth/policy';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../http/escape-html';
import { layout } from './templates';

export function signInCodeMail(to: string, code: string, publicUrl: string): MailMessage {
  const minutes = AUTH_POLICY.codeTtlMs / 60_000;
  const site = new URL(publicUrl).host;
  return {
    to,
    subject: `${code} is your PawStay sign-in code`,
    text: `Your PawStay sign-in code is ${code}\n\nIt expires in ${minutes} minutes and works once. Enter it on ${site} to sign in.\n\nIf you did not ask for this code, you can ignore this e-mail: nobody can sign in without it.\n`,
    html: layout(
      'Your sign-in code',
      `<p style="margin:0 0 12px">Enter this code on ${escapeHtml(site)} to sign in to PawStay:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 12px">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">It expires in ${minutes} minutes and works once.</p>
<p style="margin:0;color:#6b625c">If you did not ask for this code, you can ignore this e-mail: nobody can sign in without it.</p>`,
    ),
  };
}
