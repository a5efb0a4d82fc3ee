import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnPinned } from './cpu.ts';

const BENCH_DIR = resolve(fileURLToPath(import.meta.url), '../..');
const REPO_ROOT = resolve(BENCH_DIR, '..');
export const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';
const SECRET = 'bench-secret-0123456789abcdef0123456789';

export interface ServerProcess {
  port: number;
  pid: number;
  /** Ends the process; its temporary data is removed unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
}

/** Polls until `url` answers 200 (bounded: 30 s, or BENCH_READY_MS on a loaded machine). */
async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + Number(process.env.BENCH_READY_MS ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
}

const running = new Set<ChildProcess>();
// A benchmark that dies (an exception, a closed stdout) must not leave servers pinned to core 0 behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function handle(child: ChildProcess, port: number, cleanup: () => void): ServerProcess {
  running.add(child);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      done();
    }),
  );
  return {
    port,
    pid: child.pid ?? 0,
    async stop(keepData = false) {
      child.kill('SIGTERM');
      child.kill('SIGCONT'); // if paused (whilePaused): a stopped process acts on SIGTERM only once continued
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
      if (!keepData) cleanup();
    },
  };
}

/**
 * Runs `fn` with `server` stopped (SIGSTOP), then continues it. The relay and Parley are both pinned to the server
 * core for a whole group of lines; while one was measured, the other's own work (its collections after its line,
 * Parley's checkpoints of the WAL it had just written) took time slices from it: a scheduler trace of the latency
 * line at 2,000/s showed the idle relay's main thread running on the server core 64 times while Parley's event
 * loop waited to run (bench/README.md, "The p99 at 2,000/s").
 */
export async function whilePaused<T>(server: ServerProcess, fn: () => Promise<T>): Promise<T> {
  // pid 0 (a spawn that failed) would signal this process's whole group, the benchmark included.
  if (server.pid <= 0) return fn();
  process.kill(server.pid, 'SIGSTOP');
  try {
    return await fn();
  } finally {
    process.kill(server.pid, 'SIGCONT');
  }
}

/**
 * The real Parley server on SQLite, pinned to the server core, in a new temporary data directory or
 * in `dataDir` left by an earlier run (a restart gives a fresh process, so memory readings start clean).
 */
export async function startParley(
  port: number,
  dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-')),
  /** Overrides of the variables below (the portal line runs with PARLEY_DEMO=1 for the demo content). */
  extraEnv: Record<string, string> = {},
  /** Node options for the server (for a profile: `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
  /** Another checkout of Parley (with its node_modules) to run instead of this one: a before/after comparison. */
  repoRoot = REPO_ROOT,
): Promise<ServerProcess & { dataDir: string }> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PARLEY_DATA_DIR: dataDir,
    PARLEY_SECRET: SECRET,
    PARLEY_ADMIN_KEY: ADMIN_KEY,
    PARLEY_LOG_LEVEL: 'error',
    PARLEY_DEMO: '0',
    // The benchmarks measure throughput from a few users on one address: the per-user and per-address limits
    // (docs/PROTOCOL.md "Limits") would measure the limits instead.
    PARLEY_RATE_SENDS: '0',
    PARLEY_RATE_PROFILE_LOOKUPS: '0',
    PARLEY_MAX_CONNECTIONS: '1000000',
    PARLEY_MAX_CONNECTIONS_PER_IP: '0',
    PARLEY_WS_MAX_PER_USER: '10000',
    ...extraEnv,
  };
  const main = join(repoRoot, 'apps/server/src/app/main.ts');
  // BENCH_SERVER_NODE_ARGS (for a diagnosis, e.g. `--trace-gc`): more Node options for every Parley server of the
  // run, whose output then goes to this process's stderr.
  const diag = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawnPinned(process.execPath, [...diag, ...nodeArgs, '--import', 'tsx', main], env, repoRoot);
  if (diag.length > 0) child.stdout?.pipe(process.stderr);
  else child.stdout?.resume();
  await waitReady(`http://127.0.0.1:${port}/readyz`, child);
  return { ...handle(child, port, () => rmSync(dataDir, { recursive: true, force: true })), dataDir };
}

/** The baseline: a bare node:http + ws relay (relay/bare-relay.ts), pinned to the server core. */
export async function startBareRelay(port: number): Promise<ServerProcess> {
  const env = { ...process.env, PORT: String(port) };
  const script = join(BENCH_DIR, 'relay/bare-relay.ts');
  const child = spawnPinned(process.execPath, ['--import', 'tsx', script], env, BENCH_DIR);
  child.stdout?.resume();
  await waitReady(`http://127.0.0.1:${port}/profile`, child);
  return handle(child, port, () => undefined);
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/** A free loopback port (the OS picks it; we release it for the server). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
