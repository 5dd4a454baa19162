import { readFileSync } from 'node:fs';
import type pg from 'pg';

// CPU time spent, as opposed to time waited. This machine's cores are shared with other work
// (its load average is printed), so requests per second measure this benchmark and its
// neighbours together; the CPU each request costs is the benchmark's own, and 2 cores divided by
// it is what the machine could serve if it ran nothing else. Linux only (/proc).

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by process `pid`; 0 when unknown. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (command) ": state is field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process of the server behind `client` (backends and background workers). */
async function serverProcesses(client: pg.Client): Promise<number[]> {
  const rows = (await client.query('select pid from pg_stat_activity')).rows as { pid: number }[];
  return rows.map((r) => r.pid);
}

/** Starts counting the CPU of the server's processes; the returned function gives the seconds since. */
export async function serverCpu(client: pg.Client): Promise<() => Promise<number>> {
  const before = new Map((await serverProcesses(client)).map((pid) => [pid, processCpuSeconds(pid)]));
  return async () => {
    let total = 0;
    for (const pid of await serverProcesses(client)) total += processCpuSeconds(pid) - (before.get(pid) ?? 0);
    return total;
  };
}

/** Starts counting this process's CPU; the returned function gives the seconds since. */
export function ownCpu(): () => number {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
}
