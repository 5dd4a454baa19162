import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sendNotFound } from '../http/not-found';

// What an operator's Prometheus scrapes from each process (issue 25): requests by route (rate,
// latency, errors), the database pool, the background jobs' runs and failures, the live message
// streams held open, and Node's own figures. One registry per app, not prom-client's global one:
// the tests build many apps in one process.

export type AppMetrics = {
  registry: Registry;
  /** A background job's run: how long it took, whether it failed, how many items it moved. */
  jobRun(job: string, seconds: number, outcome: { failed: boolean; items: number }): void;
  /** The live message streams this process holds, read at each scrape. */
  countLiveStreams(count: () => number): void;
  /** The database pool's connections, read at each scrape (none for the embedded database). */
  countConnections(count: () => { total: number; idle: number; waiting: number }): void;
};

/** `withProcess`: Node's own figures too (event loop, heap, GC), which watch the process for its life. */
export function createMetrics(opts: { withProcess: boolean }): AppMetrics {
  const registry = new Registry();
  if (opts.withProcess) collectDefaultMetrics({ register: registry });
  let liveStreams = () => 0;
  let connections: (() => { total: number; idle: number; waiting: number }) | undefined;
  new Gauge({
    name: 'pawstay_live_streams',
    help: 'Live message streams (server-sent events) held open by this process',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'pawstay_db_connections',
    help: "The database pool's connections: total, idle, and requests waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!connections) return;
      for (const [state, n] of Object.entries(connections())) this.set({ state }, n);
    },
  });
  const jobRuns = new Counter({ name: 'pawstay_job_runs_total', help: 'Runs of each background job', labelNames: ['job'], registers: [registry] });
  const jobFailures = new Counter({ name: 'pawstay_job_failures_total', help: 'Runs of each background job that failed (retried at its next tick)', labelNames: ['job'], registers: [registry] });
  const jobItems = new Counter({ name: 'pawstay_job_items_total', help: 'Items each background job moved (mail sent, bookings lapsed, refunds sent...)', labelNames: ['job'], registers: [registry] });
  const jobSeconds = new Histogram({ name: 'pawstay_job_duration_seconds', help: 'How long each run of a background job took', labelNames: ['job'], buckets: [0.01, 0.05, 0.25, 1, 5, 30], registers: [registry] });
  return {
    registry,
    jobRun(job, seconds, { failed, items }) {
      jobRuns.inc({ job });
      jobSeconds.observe({ job }, seconds);
      if (failed) jobFailures.inc({ job });
      if (items > 0) jobItems.inc({ job }, items);
    },
    countLiveStreams(count) {
      liveStreams = count;
    },
    countConnections(count) {
      connections = count;
    },
  };
}

/**
 * Requests by route: counted and timed as they end, and their 5xx counted as errors. The route is
 * the pattern (/api/listings/:id), never the path: a label per listing id would grow without end.
 */
export function measureRequests(app: FastifyInstance, metrics: AppMetrics): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'pawstay_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [metrics.registry] });
  const errors = new Counter({ name: 'pawstay_http_errors_total', help: 'HTTP requests answered with a server error (5xx)', labelNames: ['method', 'route'], registers: [metrics.registry] });
  const seconds = new Histogram({
    name: 'pawstay_http_request_duration_seconds',
    help: 'Time from a request to its answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });
}

/**
 * GET /metrics in Prometheus's text format, for whoever holds METRICS_TOKEN as a bearer token;
 * not served at all without one (answered as any unknown path), and never cached.
 */
export function serveMetrics(app: FastifyInstance, metrics: AppMetrics, token: string | null): void {
  // Compared as digests: equal lengths whatever is sent, so the time taken tells nothing of the token.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = token ? digest(token) : undefined;
  // For Prometheus, not the API's clients: left out of the OpenAPI document.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) return sendNotFound(request, reply);
    const [scheme, given, ...rest] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || rest.length > 0 || !timingSafeEqual(digest(given), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').header('cache-control', 'no-store').send({ error: { code: 'unauthorized', message: 'Send the metrics token as a bearer token' } });
    }
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
