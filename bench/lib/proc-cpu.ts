import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU time (user + system) a process has used, in microseconds, from /proc/<pid>/stat. CPU per message is far
 * less sensitive than messages per second to other processes on a shared machine: a busy neighbour delays the
 * server but does not make its work cost more (apart from cache effects).
 */
export function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
