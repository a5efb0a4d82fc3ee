import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

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

/** Moves this process (the load generator) onto its core. */
export function pinSelf(): void {
  if (hasTaskset) execFileSync('taskset', ['-pc', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
}

/**
 * Spawns a server on the server core. taskset execs the command in place, so the child's pid is the
 * server's own (its /proc/<pid>/status is the server's memory).
 */
export function spawnPinned(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  const [file, argv] = hasTaskset ? ['taskset', ['-c', SERVER_CORE, cmd, ...args]] : [cmd, args];
  return spawn(file, argv, { env, cwd, stdio: ['ignore', 'pipe', 'inherit'] });
}
