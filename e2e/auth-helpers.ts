import http from 'node:http';
import type { Page } from '@playwright/test';
import { mailCount, readSignInCode } from './mail';

let counter = 0;

/** A new address for each test and project, so tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/** POST /api/auth/otp/send from a loopback address of its own (any 127.x.y.z reaches the server). */
function sendCodeFrom(localAddress: string, email: string): Promise<number> {
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(process.env.E2E_PORT),
        path: '/api/auth/otp/send',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
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
  const before = mailCount(email);
  const localAddress = `127.${1 + (process.pid % 250)}.${Math.floor(counter / 250) % 250}.${1 + (counter % 250)}`;
  counter++;
  const status = await sendCodeFrom(localAddress, email);
  if (status !== 200) throw new Error(`send failed: ${status}`);
  const code = await readSignInCode(email, before);
  const verified = await page.request.post('/api/auth/otp/verify', { data: { email, code } });
  if (!verified.ok()) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
}
