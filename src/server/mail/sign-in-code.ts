import { AUTH_POLICY } from '../auth/policy';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../http/escape-html';
import { button, layout } from './templates';

/**
 * The sign-in e-mail: the code, for the browser that asked, and a link that signs in whichever
 * browser opens it, after a confirmation there (auth/links.ts). Whoever asked for it, the owner of
 * the inbox can use the link: the way in on a new device when strangers' requests hold codes back.
 */
export function signInCodeMail(to: string, code: string, link: string, publicUrl: string): MailMessage {
  const minutes = AUTH_POLICY.codeTtlMs / 60_000;
  const hours = AUTH_POLICY.sendWindowMs / 3_600_000;
  const linkLife = `it works once, for ${hours === 1 ? 'an hour' : `${hours} hours`}`;
  const site = new URL(publicUrl).host;
  const ignore = 'If you did not ask for this code, you can ignore this e-mail: nobody can sign in without it. Do not forward it: its link signs in whoever opens it.';
  return {
    to,
    subject: `${code} is your PawStay sign-in code`,
    text: `Your PawStay sign-in code is ${code}\n\nIt expires in ${minutes} minutes and works once. Enter it on ${site} to sign in.\n\nOr open this link on the device you want to sign in on (${linkLife}):\n${link}\n\n${ignore}\n`,
    html: layout(
      'Your sign-in code',
      `<p style="margin:0 0 12px">Enter this code on ${escapeHtml(site)} to sign in to PawStay:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 12px">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">It expires in ${minutes} minutes and works once.</p>
<p style="margin:0">Or sign in with this link on the device you want to use (${linkLife}):</p>
${button(link, 'Sign in to PawStay')}
<p style="margin:20px 0 0;color:#6b625c">${ignore}</p>`,
    ),
  };
}
