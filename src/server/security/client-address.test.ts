import { describe, expect, it } from 'vitest';
import { AUTH_POLICY } from '../auth/policy';
import { type TestContext, useTestApp } from '../test/app';

// The sign-in and contact limits count per client address. A client must not be able to choose
// that address by sending its own X-Forwarded-For: it is believed only as far as TRUST_PROXY says.

let n = 0;
const send = (t: TestContext, forwardedFor: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/otp/send',
    payload: { email: `limit-${++n}@example.com` },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

describe('without TRUST_PROXY: the connection is the client', () => {
  const t = useTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: 'https://pawstay.example', SEED_DEMO: 'off' });

  it('ignores X-Forwarded-For, so a new one per request does not escape the per-IP limit', async () => {
    for (let i = 0; i < AUTH_POLICY.sendsPerIpPerHour; i++) expect((await send(t, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expect((await send(t, '203.0.113.250')).statusCode).toBe(429);
    // Another connection's address has its own count.
    expect((await send(t, '203.0.113.250', '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('with TRUST_PROXY=1: one proxy in front appends the client', () => {
  const t = useTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: 'https://pawstay.example', SEED_DEMO: 'off', TRUST_PROXY: '1' });

  it('counts the address the proxy appended, whatever the client put before it', async () => {
    for (let i = 0; i < AUTH_POLICY.sendsPerIpPerHour; i++) expect((await send(t, `10.9.9.${i + 1}, 203.0.113.9`)).statusCode).toBe(200);
    expect((await send(t, '10.9.9.250, 203.0.113.9')).statusCode).toBe(429);
    // A different client behind the same proxy is counted apart.
    expect((await send(t, '10.9.9.250, 203.0.113.10')).statusCode).toBe(200);
  });
});
