import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

// Observability (issue 25): request ids in the answers and the logs, /metrics behind its token,
// and health split into liveness and readiness.

const TOKEN = 'metrics-token-for-the-tests';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const t = useTestApp();

  it('answers each request with an id of its own, errors and pages included', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/health', '/api/listings/not-a-uuid', '/api/nothing-here', '/uploads/photos/x.webp', '/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['x-request-id']), url).toMatch(UUID);
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(5);
  });

  it('ignores an id a client sends when no proxy is believed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id-12345' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('writes the id into every log line of the request', async () => {
    const before = t.serverErrors.length;
    // The readiness check logs at error level when the database does not answer: make it not answer.
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      const lines = t.serverErrors.slice(before).map((l) => JSON.parse(l) as { reqId?: string; msg: string });
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.reqId, line.msg).toBe(res.headers['x-request-id']);
    } finally {
      t.database.ping = ping;
    }
  });
});

describe('request ids behind a trusted proxy', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });

  it("keeps the proxy's id when it is a plain token, and replaces anything else", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '4f1c0e9ab2d3c5e6f7a8b9c0d1e2f3a4' } });
    expect(kept.headers['x-request-id']).toBe('4f1c0e9ab2d3c5e6f7a8b9c0d1e2f3a4');
    for (const bad of ['short', 'line\nbreak-injected-into-logs', 'x'.repeat(129), '<script>alert(1)</script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });
});

describe('liveness and readiness', () => {
  const t = useTestApp();

  it('is ready while the database answers, and not ready while it does not; alive either way', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok', database: expect.any(String) });
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    try {
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'database' });
      }
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.headers['cache-control']).toBe('no-store');
    } finally {
      t.database.ping = ping;
    }
  });

  it('is not ready once it drains, and still alive', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'draining' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('/metrics without a token', () => {
  const t = useTestApp();

  it('is not served at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('/metrics', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('asks for the token, and takes no other', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN} ${TOKEN}`, 'Bearer ']) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('pawstay_');
    }
  });

  it('counts requests by route pattern and status, times them, and counts server errors', async () => {
    const listing = '/api/listings/00000000-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: listing });
    await t.app.inject({ method: 'GET', url: listing });
    await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    t.database.ping = ping;

    // The scheme's case is the client's own (RFC 9110).
    expect((await scrape(`bearer ${TOKEN}`)).statusCode).toBe(200);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('pawstay_http_requests_total{method="GET",route="/api/listings/:id",status_code="404"} 2');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/pawstay_http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1/);
    expect(text).toMatch(/pawstay_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/listings\/:id",status_code="404"\} \d/);
    expect(text).toContain('pawstay_http_errors_total{method="GET",route="/api/health/ready"} 1');
    expect(text).toContain('pawstay_live_streams 0');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts the background jobs\' runs, failures and items', async () => {
    t.app.metrics.jobRun('mail outbox', 0.02, { failed: false, items: 3 });
    t.app.metrics.jobRun('mail outbox', 0.5, { failed: true, items: 0 });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('pawstay_job_runs_total{job="mail outbox"} 2');
    expect(text).toContain('pawstay_job_failures_total{job="mail outbox"} 1');
    expect(text).toContain('pawstay_job_items_total{job="mail outbox"} 3');
  });
});
