import type net from 'node:net';
import { cpuMicros } from '../lib/proc-cpu.ts';
import { rssBytes } from '../lib/processes.ts';
import { rawUpgrade } from '../lib/raw-upgrade.ts';
import { round } from '../lib/stats.ts';
import type { Target } from '../lib/targets.ts';

export interface ConnectResult {
  connections: number;
  connectsPerSec: number;
  ms: number;
  /** Server RSS growth per connection once they are all open and idle, in KB. */
  kbPerIdleConnection: number;
  rssBeforeMB: number;
  rssAfterMB: number;
  /** The server's CPU time (user + system) during the connects / connections: what a busy machine disturbs least. */
  serverCpuUsPerConnection: number;
}

/** Idle time before the memory reading, so the handshakes' transient buffers are settled. */
const SETTLE_MS = 1000;

/**
 * Opens one push connection per user, `concurrency` handshakes at a time, each counted when the
 * server's hello arrived (upgrade + authentication + subscription), with a hand-written handshake
 * (lib/raw-upgrade.ts) so the generator is not the bottleneck. Then reads the server's RSS with
 * every connection open and idle, and closes them.
 */
export async function connectMany(t: Target, users: readonly string[], concurrency: number): Promise<ConnectResult> {
  const before = rssBytes(t.server.pid);
  const sockets: net.Socket[] = [];
  let next = 0;
  const cpuBefore = cpuMicros(t.server.pid);
  const started = performance.now();
  const worker = async () => {
    while (next < users.length) {
      const user = users[next++] as string;
      sockets.push(await rawUpgrade(t.server.port, t.pushPath(user)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - started;
  const cpu = cpuMicros(t.server.pid) - cpuBefore;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const after = rssBytes(t.server.pid);
  for (const s of sockets) s.destroy();
  return {
    connections: sockets.length,
    connectsPerSec: Math.round((sockets.length * 1000) / ms),
    ms: round(ms, 0),
    kbPerIdleConnection: round((after - before) / sockets.length / 1024, 1),
    rssBeforeMB: round(before / 1048576, 1),
    rssAfterMB: round(after / 1048576, 1),
    serverCpuUsPerConnection: Math.round(cpu / sockets.length),
  };
}
