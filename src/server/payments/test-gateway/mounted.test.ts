import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { gatewayAccount } from './queries';

// The gateway is part of the app in test mode only: with Razorpay's keys, nothing answers there.

const order = { amount: 50000, currency: 'INR', receipt: 'booking-x' };

describe('the app in test mode', () => {
  const t = useTestApp();

  it('serves the test gateway to its key pair only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/test-gateway/v1/orders', payload: order });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    const { keyId, keySecret } = await gatewayAccount(t.database.db);
    const wrong = `Basic ${Buffer.from(`${keyId}:${keySecret}x`).toString('base64')}`;
    expect((await t.app.inject({ method: 'POST', url: '/test-gateway/v1/orders', headers: { authorization: wrong }, payload: order })).statusCode).toBe(401);
    const right = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    const created = await t.app.inject({ method: 'POST', url: '/test-gateway/v1/orders', headers: { authorization: right }, payload: order });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ entity: 'order', amount: 50000, currency: 'INR', receipt: 'booking-x', status: 'created' });
  });

  it('lets no outside script or frame in', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).not.toContain('razorpay');
    expect(csp).toContain("frame-src 'none'");
  });
});

describe('the app with Razorpay keys', () => {
  const t = useTestApp({ RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 'thisisasecret', RAZORPAY_WEBHOOK_SECRET: 'webhooksecret' });

  it('has no test gateway', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test-gateway/v1/orders', payload: order });
    expect(res.statusCode).toBe(404);
  });

  it("lets Razorpay Checkout's script and window in, and nothing else", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
  });
});
