/**
 * Decision 0020, several nodes: two Parley nodes on one PostgreSQL database and one Redis, senders on the first and
 * receivers on the second (every message crosses nodes through Redis), beside one node on the same database with
 * both ends on it, in the same run. On this 2-core machine both nodes share the server core, so the line shows the
 * cost of crossing nodes (a publish and a subscription hop per message), not what more cores would add.
 */
import { Mesh, type Pair } from '../lib/mesh.ts';
import { scratchDatabase } from '../lib/postgres.ts';
import { freePort, type ServerProcess, startParley } from '../lib/processes.ts';
import { ratio } from '../lib/stats.ts';
import { createParleyUsers, parleyTarget, type Target } from '../lib/targets.ts';
import { fixedRate, throughput } from './one-to-one.ts';
import type { SendPathConfig } from './send-path.ts';

type Emit = (line: Record<string, unknown>) => void;

const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function figures(target: Target, pairs: readonly Pair[], c: SendPathConfig) {
  const mesh = await Mesh.open(target, pairs);
  try {
    const tp = await throughput(mesh, c.window, c.warmupMs, c.durationMs);
    const fr = await fixedRate(mesh, c.ratePerSec, c.durationMs);
    return {
      messagesPerSec: tp.messagesPerSec,
      atRate: { offeredPerSec: c.ratePerSec, latency: fr.latency, delivered: fr.delivered, shed: fr.shed },
    };
  } finally {
    await mesh.close();
  }
}

export async function twoNodeLines(users: readonly string[], pairs: readonly Pair[], c: SendPathConfig, emit: Emit) {
  const db = await scratchDatabase();
  if (!db) {
    emit({ benchmark: 'two-nodes', skipped: 'no PostgreSQL reachable' });
    return;
  }
  const nodes: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: db.url, REDIS_URL: BENCH_REDIS_URL };
    for (let i = 0; i < 2; i += 1) nodes.push(await startParley(await freePort(), undefined, env));
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const sigs = await createParleyUsers(a.port, users);
    const onA = parleyTarget(a, sigs);
    const onB = parleyTarget(b, sigs);
    // Receivers' push sockets on node B, senders' send frames on node A.
    const across: Target = { ...onB, sender: (user) => onA.sender(user) };
    const oneNode = await figures(onA, pairs, c);
    const crossNode = await figures(across, pairs, c);
    emit({
      benchmark: 'two-nodes',
      unit: 'messages/s (persisted on PostgreSQL, send to deliver, closed loop); latency in ms at the offered rate',
      pairs: pairs.length,
      oneNode,
      crossNode,
      ratioThroughput: ratio(crossNode.messagesPerSec, oneNode.messagesPerSec),
      ratioP99: ratio(crossNode.atRate.latency.p99, oneNode.atRate.latency.p99),
      note: 'both nodes on the one server core of this machine',
    });
  } finally {
    for (const n of nodes) await n.stop();
    await db.drop();
  }
}
