import type { FastifyBaseLogger } from 'fastify';
import { withoutTransactionCheck } from '../db/transaction-check';
import type { AppMetrics } from '../observability/metrics';

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;
/** Where each run is counted (/metrics); the tests' jobs run without. */
export type JobMetrics = Pick<AppMetrics, 'jobRun'>;

/**
 * Runs `run` now and every `everyMs` in this process, and whenever `kick()` asks. A run never
 * overlaps the previous one (a kick during a run makes one more run after it), a failure is
 * logged and retried at the next tick, and `stop()` waits for a run in progress so the database
 * is not closed under it.
 */
export function startPeriodicJob(opts: { name: string; run: () => Promise<Record<string, number>>; everyMs: number; log: Log; metrics?: JobMetrics }): { kick(): void; stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const started = performance.now();
    const measured = (failed: boolean, items = 0) => opts.metrics?.jobRun(opts.name, (performance.now() - started) / 1000, { failed, items });
    running = withoutTransactionCheck(opts.run)
      .then((result) => {
        const items = Object.values(result).reduce((sum, n) => sum + n, 0);
        measured(false, items);
        if (items > 0) opts.log.info(result, opts.name);
      })
      .catch((err) => {
        measured(true);
        opts.log.error({ err }, `${opts.name} failed; retrying at the next tick`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  tick();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
