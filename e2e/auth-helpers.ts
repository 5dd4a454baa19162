import type { Page } from '@playwright/test';
import { mailCount, readSignInCode } from './mail';

let counter = 0;

/** A new address for each test and project, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/**
 * Signs the page's browser context in through the real API and the captured e-mail (fast path for
 * tests that are not about signing in; auth.spec.ts walks the dialog itself).
 */
export async function signInViaApi(page: Page, email: string): Promise<void> {
  const before = mailCount(email);
  const sent = await page.request.post('/api/auth/otp/send', { data: { email } });
  if (!sent.ok()) throw new Error(`send failed: ${sent.status()} ${await sent.text()}`);
  const code = await readSignInCode(email, before);
  const verified = await page.request.post('/api/auth/otp/verify', { data: { email, code } });
  if (!verified.ok()) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
}
