import { readFileSync } from 'node:fs';
import type { WireMessage } from '@parley/protocol';
import WebSocket from 'ws';
import { createUsers } from '../lib/accounts.ts';
import { Ledger } from '../lib/ledger.ts';
import { MinimalClient } from '../lib/min-client.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, between, fork, mulberry32, pick } from '../lib/prng.ts';
import type { Summary } from '../lib/summary.ts';
import { judgeDeliveries } from '../lib/verdict.ts';
import { delay, waitUntil } from '../lib/wait.ts';
import { TcpProxy } from '../tcp-proxy.ts';

export interface R5Options {
  /** Clients that chat among themselves, and write to the slow client too. */
  chatters: number;
  /** Length of each phase: without the slow client, then with it connected and not reading. */
  phaseMs: number;
  /** Pause between one chatter's sends. */
  paceMs: readonly [number, number];
  /** Share of each chatter's messages that go to the slow client. */
  toSlowShare: number;
  /** Characters of a message to the slow client (the limit is 8 KB of content). */
  slowTextChars: number;
}

export const R5_FULL: R5Options = {
  chatters: 50,
  phaseMs: 10_000,
  paceMs: [60, 140],
  toSlowShare: 0.5,
  slowTextChars: 6000,
};
/**
 * The same as the full run: a smaller one does not fill the kernel's socket buffers (several MB on loopback) within
 * its phase, so the server's queue limit would never be reached. Not part of npm test (about 40 s).
 */
export const R5_SHORT: R5Options = R5_FULL;

const SEND_DEADLINE_MS = 20_000;
const SLOW = 'r5slow';
const CLOSE_WAIT_MS = 15_000;
const WARMUP_MS = 3000;

/**
 * R5 (decision 0020): a client that stops reading while others chat. Its push socket goes through a proxy that is
 * stalled, so the server's queue for it grows until the per-socket limit (WS3) closes it with 1013. The others'
 * deliveries are judged like R1's (lost, duplicated, unexpected, order: all 0); the line also reports the server's
 * memory growth against the bytes addressed to the slow client, and the others' p99 latency with and without it.
 */
export async function runR5(seed: number, o: R5Options): Promise<Summary> {
  const rand = mulberry32(seed);
  // The heartbeat could also close a silent socket; it is pushed out of the way so only the queue rule can act.
  const server = await ParleyServer.start({ PARLEY_RATE_SENDS: '0', PARLEY_WS_HEARTBEAT_MS: '600000' });
  const proxy = await TcpProxy.start(server.port);
  const chatters: MinimalClient[] = [];
  try {
    const ids = Array.from({ length: o.chatters }, (_, i) => `r5c${i}`);
    const sigs = await createUsers(server.port, [...ids, SLOW]);
    const ledger = new Ledger();
    const sentAt = new Map<string, number>();
    // Phase 0 warms the server up (JIT, connection pools) and is not counted; 1 is without, 2 with the slow client.
    const latencies: number[][] = [[], [], []];
    let phase = 0;
    for (const userID of ids) {
      const onMessage = (m: WireMessage) => {
        ledger.recordReceived(userID, m);
        const t = sentAt.get(m.ID);
        if (t !== undefined) latencies[phase]?.push(performance.now() - t);
      };
      chatters.push(
        new MinimalClient({ userID, userSig: sigs.get(userID) ?? '', port: server.port, rand: fork(rand), onMessage }),
      );
    }
    await Promise.all(chatters.map((c) => c.start()));
    await waitUntil(() => chatters.every((c) => c.connected), { timeoutMs: 20_000, what: 'chatters to connect' });
    const load = { ledger, sentAt, toSlowBytes: 0 };
    await chat(chatters, ids, { ...o, phaseMs: WARMUP_MS }, fork(rand), load);
    phase = 1;
    const without = await peakRssGrowth(server, () => chat(chatters, ids, o, fork(rand), load));
    const slow = await connectStalled(proxy, sigs.get(SLOW) ?? '');
    phase = 2;
    const toSlowBefore = load.toSlowBytes;
    const withSlow = await peakRssGrowth(server, () => chat(chatters, ids, o, fork(rand), load));
    proxy.heal();
    // Once the proxy forwards again the slow client reads what was queued, then the server's close frame.
    const closeCode = await Promise.race([slow.closed, delay(CLOSE_WAIT_MS).then(() => 0)]);
    slow.ws.terminate();
    await waitUntil(() => ledger.missing() === 0, { timeoutMs: 120_000, what: 'chatters to converge' });
    return {
      scenario: 'R5',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...judgeDeliveries(ledger),
      convergeMs: 0,
      chatters: o.chatters,
      slowClosedWith: closeCode,
      // A count that must be 0 (summary.ts): the server did not close the slow socket by its queue rule.
      slowNotClosed: closeCode === 1013 ? 0 : 1,
      toSlowMB: round((load.toSlowBytes - toSlowBefore) / 1e6),
      rssGrowthWithoutMB: round(without),
      rssGrowthMB: round(withSlow),
      p99WithoutMs: round(p99(latencies[1] ?? [])),
      p99WithSlowMs: round(p99(latencies[2] ?? [])),
      p99Ratio: round(p99(latencies[2] ?? []) / Math.max(0.001, p99(latencies[1] ?? []))),
    };
  } finally {
    await Promise.all(chatters.map((c) => c.close()));
    await proxy.close();
    await server.stop();
  }
}

/** Every chatter sends for one phase: to another chatter, or (toSlowShare of the time) a long text to the slow one. */
async function chat(
  chatters: readonly MinimalClient[],
  ids: readonly string[],
  o: R5Options,
  rand: Rand,
  load: { ledger: Ledger; sentAt: Map<string, number>; toSlowBytes: number },
): Promise<void> {
  const until = Date.now() + o.phaseMs;
  const long = 'x'.repeat(o.slowTextChars);
  await Promise.all(
    chatters.map(async (c) => {
      const r = fork(rand);
      while (Date.now() < until) {
        const toSlow = r() < o.toSlowShare;
        const to = toSlow
          ? SLOW
          : pick(
              r,
              ids.filter((id) => id !== c.userID),
            );
        const ack = await c.send(to, toSlow ? long : `${c.userID} to ${to}`, Date.now() + SEND_DEADLINE_MS, (ID) => {
          if (toSlow) return;
          load.ledger.recordSent(ID, c.userID, to);
          load.sentAt.set(ID, performance.now());
        });
        if (toSlow) load.toSlowBytes += o.slowTextChars;
        else if (ack) load.ledger.recordAck(ack);
        await delay(between(r, o.paceMs[0], o.paceMs[1]));
      }
    }),
  );
}

/** The slow client: connects through the proxy, waits for hello, then the proxy stops forwarding both ways. */
async function connectStalled(proxy: TcpProxy, userSig: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/ws?userSig=${encodeURIComponent(userSig)}`);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('close', () => reject(new Error('slow client closed before hello')));
  });
  proxy.stallAll(10 * 60_000);
  return { ws, closed };
}

/** The server's peak RSS during `work`, minus its RSS before it (MB). */
async function peakRssGrowth(server: ParleyServer, work: () => Promise<void>): Promise<number> {
  const before = rssMB(server);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMB(server));
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak - before;
}

function rssMB(server: ParleyServer): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function p99(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

const round = (n: number) => Math.round(n * 100) / 100;
