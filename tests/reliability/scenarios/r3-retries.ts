import type { WireMessage } from '@parley/protocol';
import { createUsers } from '../lib/accounts.ts';
import { ApiClient } from '../lib/api-client.ts';
import { judgeHistories } from '../lib/history-check.ts';
import { keepAliveAgent } from '../lib/http-json.ts';
import { Ledger } from '../lib/ledger.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, fork, mulberry32 } from '../lib/prng.ts';
import { readWithRetry } from '../lib/send-with-retry.ts';
import type { Summary } from '../lib/summary.ts';
import { buildPairs, peersOf } from '../lib/topology.ts';
import { waitUntil } from '../lib/wait.ts';
import { TcpProxy } from '../tcp-proxy.ts';
import { PushCounter } from './push-counter.ts';
import { type RetryStats, sendCopies } from './retry-modes.ts';

export interface R3Options {
  users: number;
  conversations: number;
  messages: number;
  /** Senders working in parallel, each one message at a time. */
  workers: number;
}

export const R3_FULL: R3Options = { users: 6, conversations: 6, messages: 600, workers: 6 };
export const R3_SHORT: R3Options = { users: 4, conversations: 3, messages: 100, workers: 4 };

/**
 * R3: every message is sent 1–3 times: concurrent duplicate POSTs before the first ack, sequential
 * re-sends after it, and re-sends across a connection cut. Every answer must be the original message
 * (same sequence and time), the history must hold each ID once, and the receiver must be pushed it once.
 */
export async function runR3(seed: number, o: R3Options): Promise<Summary> {
  const rand = mulberry32(seed);
  const server = await ParleyServer.start();
  const proxy = await TcpProxy.start(server.port);
  const pushes = new PushCounter();
  try {
    const users = Array.from({ length: o.users }, (_, i) => `r3u${i}`);
    const sigs = await createUsers(server.port, users);
    const pairs = buildPairs(fork(rand), users, o.conversations);
    const peers = peersOf(pairs);
    await pushes.connect(server.port, sigs, fork(rand));
    const ledger = new Ledger();
    const stats: RetryStats = { posts: 0, answers: 0, mismatched: 0, byMode: {} };
    await sendAll(users, sigs, peers, o, { seed, rand: fork(rand), proxy, ledger, stats });
    const convergeStart = Date.now();
    const converged = await waitUntil(() => pushes.missing(ledger) === 0, {
      timeoutMs: 15_000,
      what: 'every acked message to be pushed to its receiver',
    });
    const convergeMs = converged ? Date.now() - convergeStart : -1;
    const history = await readHistories(users, sigs, server.port, peers, fork(rand));
    const { stored, ...verdict } = judgeHistories(history, ledger);
    return {
      scenario: 'R3',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...verdict,
      duplicated: verdict.duplicated + stats.mismatched + pushes.duplicates(),
      convergeMs,
      posts: stats.posts,
      answers: stats.answers,
      answersNotOriginal: stats.mismatched,
      pushDuplicates: pushes.duplicates(),
      pushMissing: pushes.missing(ledger),
      stored,
      connectionsCut: proxy.cuts,
      ...stats.byMode,
    };
  } finally {
    pushes.close();
    await proxy.close();
    await server.stop();
  }
}

/** One worker per sending user (up to `o.workers`), each through the proxy, one message at a time. */
async function sendAll(
  users: readonly string[],
  sigs: Map<string, string>,
  peers: Map<string, string[]>,
  o: R3Options,
  ctx: WorkerContext,
): Promise<void> {
  const senders = users.filter((u) => (peers.get(u) ?? []).length > 0).slice(0, o.workers);
  await Promise.all(
    senders.map((u, w) => {
      const api = new ApiClient(u, sigs.get(u) ?? '', ctx.proxy.port, keepAliveAgent(4));
      const count = Math.floor(o.messages / senders.length) + (w < o.messages % senders.length ? 1 : 0);
      return worker(api, peers.get(u) ?? [], count, { ...ctx, rand: fork(ctx.rand) });
    }),
  );
}

interface WorkerContext {
  seed: number;
  rand: Rand;
  proxy: TcpProxy;
  ledger: Ledger;
  stats: RetryStats;
}

async function worker(api: ApiClient, peers: readonly string[], count: number, ctx: WorkerContext): Promise<void> {
  for (let k = 0; k < count; k += 1) {
    const to = peers[k % peers.length] ?? '';
    const ID = `r3-${ctx.seed}-${api.userID}-${k}`;
    ctx.ledger.recordSent(ID, api.userID, to);
    const first = await sendCopies(api, { ID, to, text: `${api.userID} #${k}` }, ctx);
    if (first) ctx.ledger.recordAck(first);
  }
}

async function readHistories(
  users: readonly string[],
  sigs: Map<string, string>,
  port: number,
  peers: Map<string, string[]>,
  rand: Rand,
): Promise<WireMessage[][]> {
  const deadlineAt = Date.now() + 30_000;
  const out: WireMessage[][] = [];
  for (const u of users) {
    const api = new ApiClient(u, sigs.get(u) ?? '', port, keepAliveAgent(1));
    // Each pair once: read from the side whose ID sorts first.
    for (const peer of peers.get(u) ?? []) {
      if (u < peer) out.push(await readWithRetry(() => api.fullHistory(peer), rand, deadlineAt));
    }
  }
  return out;
}
