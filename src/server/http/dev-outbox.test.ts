import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

// What the test modes "sent" is for developers' eyes: production serves no such page, whatever
// it runs with (decision 058).

describe('/dev/outbox in production', () => {
  const t = useTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' });

  it('is not there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Outbox');
  });
});
