import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Core 0 runs the server under test, core 1 the load generator (GUIDE §6). */
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

export const hasTaskset: boolean = (() => {
  try {
    execFileSync('taskset', ['-c', LOAD_CORE, 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Child processes of `pid` (Linux's /proc/<pid>/task/<tid>/children; none where it is missing). */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Moves this process (the load generator) onto its core: every thread of it (`-a`) and of the processes it started
 * so far (tsx's esbuild service). `taskset -p` alone moves only the main thread; V8's and libuv's threads, started
 * before this call, then ran on the server's core and took time slices from the server under test (seen in a
 * scheduler trace of the latency line: the load generator's threads preempted the server's event loop for 2-4 ms).
 */
export function pinSelf(): void {
  if (!hasTaskset) return;
  for (const pid of [process.pid, ...childPids(process.pid)]) {
    execFileSync('taskset', ['-a', '-pc', LOAD_CORE, String(pid)], { stdio: 'ignore' });
  }
}

/**
 * Spawns a server on the server core. taskset execs the command in place, so the child's pid is the
 * server's own (its /proc/<pid>/status is the server's memory).
 */
export function spawnPinned(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  const [file, argv] = hasTaskset ? ['taskset', ['-c', SERVER_CORE, cmd, ...args]] : [cmd, args];
  return spawn(file, argv, { env, cwd, stdio: ['ignore', 'pipe', 'inherit'] });
}
