import { AUTH_POLICY } from '../auth/policy';
import { escapeHtml } from '../http/escape-html';
import { button, layout } from './templates';
import { type LocalMail, mailWords } from './words';

/**
 * The sign-in e-mail: the code, for the browser that asked, and a link that signs in whichever
 * browser opens it, after a confirmation there (auth/links.ts). Whoever asked for it, the owner of
 * the inbox can use the link: the way in on a new device when strangers' requests hold codes back.
 * Written in the language of the page that asked for it (the visitor waits for it).
 */
export const signInCodeMail =
  (to: string, code: string, link: string, publicUrl: string): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const minutes = AUTH_POLICY.codeTtlMs / 60_000;
    const hours = AUTH_POLICY.sendWindowMs / 3_600_000;
    const site = new URL(publicUrl).host;
    const expires = w.say(/*i18n*/ 'It expires in {minutes} minutes and works once.', { minutes });
    const ignore = w.say(
      /*i18n*/ 'If you did not ask for this code, you can ignore this e-mail: nobody can sign in without it. Do not forward it: its link signs in whoever opens it.',
    );
    const orOpen = w.say(/*i18n*/ 'Or open this link on the device you want to sign in on (it works once, for {hours, plural, one {an hour} other {# hours}}):', { hours });
    const orUse = w.say(/*i18n*/ 'Or sign in with this link on the device you want to use (it works once, for {hours, plural, one {an hour} other {# hours}}):', { hours });
    return {
      to,
      subject: w.say(/*i18n*/ '{code} is your PawStay sign-in code', { code }),
      text: `${w.say(/*i18n*/ 'Your PawStay sign-in code is {code}', { code })}\n\n${w.say(/*i18n*/ 'It expires in {minutes} minutes and works once. Enter it on {site} to sign in.', { minutes, site })}\n\n${orOpen}\n${link}\n\n${ignore}\n`,
      html: layout(
        w.say(/*i18n*/ 'Your sign-in code'),
        `<p style="margin:0 0 12px">${w.say(/*i18n*/ 'Enter this code on {site} to sign in to PawStay:', { site: escapeHtml(site) })}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 12px">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">${escapeHtml(expires)}</p>
<p style="margin:0">${escapeHtml(orUse)}</p>
${button(link, w.say(/*i18n*/ 'Sign in to PawStay'))}
<p style="margin:20px 0 0;color:#6b625c">${escapeHtml(ignore)}</p>`,
        w,
      ),
    };
  };
