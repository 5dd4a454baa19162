import type { TestContext } from './app';

/** The code in the newest sign-in e-mail to `email`. */
export function lastCodeFor(t: TestContext, email: string): string {
  const mail = t.mail.filter((m) => m.to === email && /sign-in code/.test(m.subject)).at(-1);
  const code = mail?.subject.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
  return code;
}

/** The token of the sign-in link in the newest sign-in e-mail to `email` (the part after `#`). */
export function lastLinkFor(t: TestContext, email: string): string {
  const mail = t.mail.filter((m) => m.to === email && /sign-in code/.test(m.subject)).at(-1);
  const token = mail?.text.match(/\/sign-in#([\w-]{43})(?![\w-])/)?.[1];
  if (!token) throw new Error(`no sign-in link was mailed to ${email}`);
  return token;
}

function cookieOf(name: string, setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found?.split(';')[0];
}

export const sessionCookieOf = (setCookie: string | string[] | undefined) => cookieOf('pawstay_session', setCookie);
/** The browser's sign-in cookie that a code send set: verify needs it (auth/codes.ts). */
export const browserCookieOf = (setCookie: string | string[] | undefined) => cookieOf('pawstay_browser', setCookie);

let ipCounter = 0;

/** Signs `email` in through the real endpoints; returns the Cookie header value. */
export async function signIn(t: TestContext, email: string): Promise<string> {
  // Each sign-in from its own address, so that tests do not trip the per-IP send limit.
  const remoteAddress = `198.51.100.${(ipCounter++ % 250) + 1}`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email }, remoteAddress });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { email, code: lastCodeFor(t, email) },
    remoteAddress,
    headers: { cookie: browserCookieOf(sent.headers['set-cookie'])! },
  });
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !cookie) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return cookie;
}
