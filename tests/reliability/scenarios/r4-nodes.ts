import { pgTestUrl, requireService } from '../../../apps/server/test/support/services.ts';
import type { Device } from '../lib/device.ts';
import { freshDatabase } from '../lib/fresh-database.ts';
import { Haproxy } from '../lib/haproxy.ts';
import { Ledger } from '../lib/ledger.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, between, fork, mulberry32, pick } from '../lib/prng.ts';
import { RedisProcess } from '../lib/redis-process.ts';
import type { Summary } from '../lib/summary.ts';
import { judgeDeliveries } from '../lib/verdict.ts';
import { delay, waitUntil } from '../lib/wait.ts';
import { LbProxy } from '../lb-proxy.ts';
import { converge, type R1Options, startClients } from './r1-cuts.ts';

export interface R4Options extends Omit<R1Options, 'chaosGapMs'> {
  /** SIGKILLs of a node while clients send, alternating between the two nodes; each node is restarted. */
  kills: number;
  /** Pause before each kill. */
  killGapMs: readonly [number, number];
  /** Restart Redis (SIGKILL) once, after the first kill: pub/sub drops what was in flight. */
  redisRestart: boolean;
  /**
   * Clients that never send. A sender catches up whenever its own send changes its conversation list, which would
   * hide a lost push; a listener only gets what is pushed to it (or fetched after a reconnect), so a message that
   * fails to cross from one node to the other shows up as lost.
   */
  listeners: number;
  /** The test's own TCP balancer, or HAProxy running `docs/deploy/haproxy.cfg` (Debian's `haproxy` needed). */
  balancer: 'tcp' | 'haproxy';
}

export const R4_FULL: R4Options = {
  client: 'sdk',
  clients: 10,
  conversations: 15,
  messages: 2000,
  maxPaceMs: 20,
  kills: 3,
  killGapMs: [1000, 2000],
  redisRestart: true,
  listeners: 3,
  balancer: 'tcp',
};
export const R4_SHORT: R4Options = {
  client: 'sdk',
  clients: 5,
  conversations: 6,
  messages: 300,
  maxPaceMs: 16,
  kills: 2,
  killGapMs: [500, 1000],
  redisRestart: true,
  listeners: 2,
  balancer: 'tcp',
};

const SEND_DEADLINE_MS = 20_000;
/**
 * How long one kill's catch-up may take before what it should have delivered counts as lost. A liveness bound, not
 * a speed figure: alone the catch-up takes well under a second, but inside `npm test` on two shared cores, with every
 * other suite running beside it, one catch-up once needed more than 30 s (clients back off while starved).
 */
const KILL_CONVERGE_TIMEOUT_MS = 60_000;
/** Senders keep going until the faults are over, but never past this many times their quota. */
const MAX_QUOTA_FACTOR = 20;
/**
 * Messages each sender sends once the faults are over. Nothing reconnects any more, so a listener on the other node
 * gets these only if the push crosses the nodes (through Redis): without it, they are lost (tried: run with
 * `R4_NO_BUS=1`, which starts the nodes without REDIS_URL).
 */
const TAIL_PER_SENDER = 25;

interface Balancer {
  readonly port: number;
  /** Drains (some of) node `index`'s connections so the clients spread over the nodes again. */
  rebalance(index: number): Promise<void>;
  close(): Promise<void>;
}

interface Cluster {
  nodes: ParleyServer[];
  lb: Balancer;
  redis: RedisProcess;
}

/**
 * R4 (decision 0020): two Parley nodes on one PostgreSQL database and one Redis, behind a round-robin TCP balancer.
 * Clients send through the balancer while a node is killed with SIGKILL (alternating, each restarted) and Redis is
 * restarted once; every receiver must end with every acked message exactly once, in each sender's order.
 */
export async function runR4(seed: number, o: R4Options): Promise<Summary> {
  const base = await requireService('postgres', pgTestUrl(), 'reliability scenario R4 (two nodes on PostgreSQL)');
  if (!base) return { scenario: 'R4', seed, skipped: `no PostgreSQL at ${pgTestUrl()}` } as unknown as Summary;
  const rand = mulberry32(seed);
  const db = await freshDatabase(base, 'parley_r4');
  const cleanups: (() => Promise<void>)[] = [db.drop];
  const clients: Device[] = [];
  try {
    const cluster = await startCluster(db.url, o.balancer, cleanups);
    const ledger = new Ledger();
    const first = cluster.nodes[0]?.port ?? 0;
    const peers = await startClients(first, cluster.lb.port, { ...o, chaosGapMs: [0, 0] }, fork(rand), ledger, clients);
    const faults = { done: false, killConvergeMs: [] as number[], redisConvergeMs: -1 };
    const faulting = runFaults(cluster, ledger, o, fork(rand), faults).finally(() => {
      faults.done = true;
    });
    const senders = clients.slice(0, o.clients - o.listeners);
    const quota = Math.ceil(o.messages / senders.length);
    await Promise.all(
      senders.map((c) => sendUntil(c, peers.get(c.userID) ?? [], quota, () => faults.done, fork(rand), ledger, o)),
    );
    await faulting;
    const { convergeMs, lostNow } = await converge(ledger, clients);
    return {
      scenario: 'R4',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...judgeDeliveries(ledger, lostNow),
      convergeMs,
      nodes: cluster.nodes.length,
      kills: faults.killConvergeMs.length,
      killConvergeMs: faults.killConvergeMs.join(' '),
      redisRestarts: cluster.redis.restarts,
      redisConvergeMs: faults.redisConvergeMs,
      ...(cluster.lb instanceof LbProxy
        ? { connectionsPerNode: cluster.nodes.map((n) => (cluster.lb as LbProxy).served.get(n.port) ?? 0).join(' ') }
        : {}),
      balancer: o.balancer,
      clients: o.clients,
      listeners: o.listeners,
      storage: 'postgres',
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/** Redis, then the nodes one after the other (the first applies the migrations), then the balancer. */
async function startCluster(
  databaseUrl: string,
  balancer: R4Options['balancer'],
  cleanups: (() => Promise<void>)[],
): Promise<Cluster> {
  const redis = await RedisProcess.start();
  cleanups.push(() => redis.stop());
  const env = {
    DATABASE_URL: databaseUrl,
    ...(process.env.R4_NO_BUS ? {} : { REDIS_URL: redis.url }),
    PARLEY_RATE_SENDS: '0',
  };
  const nodes: ParleyServer[] = [];
  for (let i = 0; i < 2; i += 1) {
    const node = await ParleyServer.start(env);
    cleanups.push(() => node.stop());
    nodes.push(node);
  }
  const ports = nodes.map((n) => n.port);
  const lb: Balancer = balancer === 'haproxy' ? await Haproxy.start(ports) : await LbProxy.start(ports);
  cleanups.push(() => lb.close());
  return { nodes, lb, redis };
}

/** Kills the nodes in turn; after each kill waits until what was acked before it has reached every receiver. */
async function runFaults(
  c: Cluster,
  ledger: Ledger,
  o: R4Options,
  rand: Rand,
  out: { killConvergeMs: number[]; redisConvergeMs: number },
): Promise<void> {
  for (let k = 0; k < o.kills; k += 1) {
    await delay(between(rand, o.killGapMs[0], o.killGapMs[1]));
    const node = c.nodes[k % c.nodes.length];
    if (!node) break;
    out.killConvergeMs.push(await afterFault(ledger, () => node.killHard()));
    await node.launch();
    // Spread the clients over both nodes again (they all moved to the survivor), so senders and receivers sit on
    // different nodes.
    await c.lb.rebalance((k + 1) % c.nodes.length);
    if (k === 0 && o.redisRestart) out.redisConvergeMs = await afterFault(ledger, () => c.redis.restart());
  }
}

/** Runs the fault; returns how long until every message acked before it was delivered (-1: not in time). */
async function afterFault(ledger: Ledger, fault: () => Promise<void>): Promise<number> {
  const before = [...ledger.acked.keys()];
  const start = Date.now();
  await fault();
  const done = await waitUntil(() => ledger.missingOf(before) === 0, {
    timeoutMs: KILL_CONVERGE_TIMEOUT_MS,
    what: 'catch-up after a fault',
  });
  return done ? Date.now() - start : -1;
}

/** Sends at least `quota` messages, and on while the faults last (bounded). */
async function sendUntil(
  c: Device,
  peers: readonly string[],
  quota: number,
  faultsDone: () => boolean,
  rand: Rand,
  ledger: Ledger,
  o: R4Options,
): Promise<void> {
  let tail = 0;
  for (let k = 0; (k < quota || !faultsDone() || tail < TAIL_PER_SENDER) && k < quota * MAX_QUOTA_FACTOR; k += 1) {
    if (faultsDone()) tail += 1;
    const to = pick(rand, peers);
    const ack = await c.send(to, `${c.userID} #${k} to ${to}`, Date.now() + SEND_DEADLINE_MS, (ID) =>
      ledger.recordSent(ID, c.userID, to),
    );
    if (ack) ledger.recordAck(ack);
    await delay(between(rand, 0, o.maxPaceMs));
  }
}
