import http from 'node:http';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mailCount, readSignInCode } from './mail';

let counter = 0;

/** A new address for each test and project, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/**
 * POST /api/auth/otp/send from a loopback address of its own (any 127.x.y.z reaches the server),
 * as the browser whose sign-in cookie is `browser` if given; the status, and the browser's sign-in
 * cookie the answer set (the code is bound to it).
 */
export function sendCodeFrom(localAddress: string, email: string, browser?: string): Promise<{ status: number; browser?: string }> {
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(process.env.E2E_PORT),
        path: '/api/auth/otp/send',
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(browser ? { cookie: `pawstay_browser=${browser}` } : {}),
        },
      },
      (res) => {
        res.resume();
        const browser = res.headers['set-cookie']?.find((c) => c.startsWith('pawstay_browser='))?.split(';')[0]!.split('=')[1];
        resolve({ status: res.statusCode ?? 0, browser });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Signs the page's browser context in through the real API and the captured e-mail (fast path for
 * tests that are not about signing in; auth.spec.ts walks the dialog itself). The code is asked for
 * from a loopback address of its own: the server allows 20 codes per IP an hour (PRODUCT.md
 * section 3), and the suite as a whole signs in more often than that from this one machine.
 */
export async function signInViaApi(page: Page, email: string): Promise<void> {
  // An address shared by the two projects' workers (the operator's) may get the other's code
  // between this one's send and its read of the mailbox: that code is not this browser's, so the
  // sign-in starts again with a new one.
  for (let attempt = 1; ; attempt++) {
    const before = mailCount(email);
    const localAddress = `127.${1 + (process.pid % 250)}.${Math.floor(counter / 250) % 250}.${1 + (counter % 250)}`;
    counter++;
    const { status, browser } = await sendCodeFrom(localAddress, email);
    if (status !== 200 || !browser) throw new Error(`send failed: ${status}`);
    // The code works only in the browser that asked for it: this page's, given the cookie.
    await page.context().addCookies([{ name: 'pawstay_browser', value: browser, url: `http://127.0.0.1:${process.env.E2E_PORT}/api/auth/` }]);
    const code = await readSignInCode(email, before);
    const verified = await page.request.post('/api/auth/otp/verify', { data: { email, code } });
    if (verified.ok()) return;
    if (verified.status() !== 400 || attempt === 3) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  }
}

/**
 * A second person beside the test's own (a host answering a guest, say): a browser context of
 * their own with the test's screen size, signed in as `email` and called `name`.
 */
export async function signedInContext(browser: Browser, base: BrowserContext, name: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: base.pages()[0]?.viewportSize() ?? undefined,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  const page = await context.newPage();
  await signInViaApi(page, email);
  await page.request.patch('/api/me', { data: { name } });
  return { context, page };
}
