// How long the page's main thread waited for a core while a Lighthouse run loaded it, from Linux's
// scheduler statistics (decision 019). Lighthouse's simulated throttling multiplies the length of
// each main-thread task it observed by four; it takes that length to be the page's own work. When
// the host's cores are all taken (two here, shared by Chromium's browser, GPU and renderer
// processes, Lighthouse and the app's server), a task also counts the time its thread sat ready
// but unscheduled, and that wait is multiplied too. This measures it, so the audit can tell a slow
// page from a crowded host.
import { readdirSync, readFileSync } from 'node:fs';

type Times = { runMs: number; waitMs: number };

/** `/proc/<pid>/task/<pid>/schedstat`: ns on a core, ns ready in the run queue (Linux only). */
function mainThreadTimes(pid: number): Times | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { runMs: run! / 1e6, waitMs: wait! / 1e6 } : undefined;
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Chromium's renderer processes under `browserPid` (through its zygote). */
function renderers(browserPid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmdline.includes('--type=renderer')) continue;
    for (let p = parentOf(pid), hops = 0; p !== undefined && p > 1 && hops < 5; p = parentOf(p), hops++) {
      if (p === browserPid) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

export type CoreWait = { runMs: number; waitMs: number };

/**
 * Samples the main threads of `browserPid`'s renderers while `work` runs, and returns what they
 * spent on a core and waiting for one over it; undefined where the kernel keeps no such figures.
 * Sampled every 200 ms, as a renderer can exit before the run ends.
 */
export async function measureCoreWait<T>(browserPid: number, work: () => Promise<T>): Promise<{ result: T; wait: CoreWait | undefined }> {
  const start = new Map<number, Times>();
  const last = new Map<number, Times>();
  const before = (pid: number) => start.get(pid) ?? { runMs: 0, waitMs: 0 };
  for (const pid of renderers(browserPid)) {
    const times = mainThreadTimes(pid);
    if (times) start.set(pid, times);
  }
  const sample = () => {
    for (const pid of renderers(browserPid)) {
      const times = mainThreadTimes(pid);
      if (times) last.set(pid, times);
    }
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await work();
    sample();
    if (last.size === 0) return { result, wait: undefined };
    let runMs = 0;
    let waitMs = 0;
    for (const [pid, times] of last) {
      runMs += times.runMs - before(pid).runMs;
      waitMs += times.waitMs - before(pid).waitMs;
    }
    return { result, wait: { runMs, waitMs } };
  } finally {
    clearInterval(timer);
  }
}
