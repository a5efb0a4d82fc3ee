import type WebSocket from 'ws';
import { postJson } from '../lib/http.ts';
import { type ServerProcess, freePort, startBareRelay, startParley } from '../lib/processes.ts';
import { round } from '../lib/stats.ts';
import { closeAll, openUntilHello } from '../lib/ws-open.ts';
import { createParleyUsers } from '../lib/targets.ts';

/**
 * Presence fan-out (decision 0017): `targets` users (1,000), each watched by `perTarget` subscribers (10: 50
 * watchers subscribed to 200 users each, the per-user cap). The targets connect and disconnect in rounds, `concurrency`
 * at a time; every flip is a status update for each of its subscribers. Parley runs with no grace period, so each
 * connect and each disconnect is one flip. The bare relay does the same fan-out: each target's socket writes an
 * "online" frame to its room of 10 watchers after it opens and an "offline" frame before it closes.
 */
export interface PresenceOptions {
  targets: number;
  watchers: number;
  perWatcher: number;
  concurrency: number;
  durationMs: number;
}

export interface PresenceResult {
  updatesPerSec: number;
  flipsPerSec: number;
  delivered: number;
  elapsedMs: number;
}

type Cycle = (target: string) => Promise<void>;

/** Connects and disconnects targets in rounds for `durationMs`; counts the frames the watchers get. */
async function drive(
  targets: readonly string[],
  o: PresenceOptions,
  cycle: Cycle,
  count: () => number,
): Promise<PresenceResult> {
  const start = performance.now();
  const before = count();
  let flips = 0;
  let next = 0;
  const worker = async () => {
    while (performance.now() - start < o.durationMs) {
      const t = targets[next++ % targets.length] as string;
      await cycle(t);
      flips += 2;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  // The last flips' frames are still on their way: give them a moment, bounded.
  const settle = performance.now();
  let last = -1;
  while (count() !== last && performance.now() - settle < 2000) {
    last = count();
    await new Promise((r) => setTimeout(r, 100));
  }
  const elapsedMs = performance.now() - start;
  const delivered = count() - before;
  return {
    updatesPerSec: round((delivered / elapsedMs) * 1000, 0),
    flipsPerSec: round((flips / elapsedMs) * 1000, 0),
    delivered,
    elapsedMs: round(elapsedMs, 0),
  };
}

function counting(sockets: WebSocket[], marker: string): () => number {
  let n = 0;
  for (const ws of sockets)
    ws.on('message', (data) => {
      if (String(data).includes(marker)) n += 1;
    });
  return () => n;
}

async function parleyRun(targets: string[], watchers: string[], o: PresenceOptions): Promise<PresenceResult> {
  const port = await freePort();
  const server = await startParley(port, undefined, { PARLEY_PRESENCE_GRACE_MS: '0' });
  try {
    const sigs = await createParleyUsers(port, [...targets, ...watchers]);
    const auth = (u: string) => ({ authorization: `Bearer ${sigs.get(u)}` });
    const blocks = Math.ceil(targets.length / o.perWatcher);
    for (const [i, w] of watchers.entries()) {
      const block = targets.slice((i % blocks) * o.perWatcher, ((i % blocks) + 1) * o.perWatcher);
      for (let k = 0; k < block.length; k += 100)
        await postJson(port, '/api/v1/user-status/subscribe', auth(w), { userIDList: block.slice(k, k + 100) });
    }
    const url = (u: string) => `ws://127.0.0.1:${port}/ws?userSig=${encodeURIComponent(sigs.get(u) ?? '')}`;
    const sockets = await Promise.all(watchers.map((w) => openUntilHello(url(w))));
    const count = counting(sockets, '"user.status"');
    const result = await drive(
      targets,
      o,
      async (t) => {
        const ws = await openUntilHello(url(t));
        await closeAll([ws]);
      },
      count,
    );
    await closeAll(sockets);
    return result;
  } finally {
    await server.stop();
  }
}

async function relayRun(targets: string[], watchers: string[], o: PresenceOptions): Promise<PresenceResult> {
  const relay: ServerProcess = await startBareRelay(await freePort());
  try {
    const blocks = Math.ceil(targets.length / o.perWatcher);
    const url = (u: string, room?: string) =>
      `ws://127.0.0.1:${relay.port}/?user=${encodeURIComponent(u)}${room ? `&room=${room}` : ''}`;
    const sockets = await Promise.all(watchers.map((w, i) => openUntilHello(url(w, `p${i % blocks}`))));
    const count = counting(sockets, '"status"');
    const roomOf = (t: string) => `p${Math.floor(targets.indexOf(t) / o.perWatcher)}`;
    const result = await drive(
      targets,
      o,
      async (t) => {
        const ws = await openUntilHello(url(`${t}#p`));
        ws.send(JSON.stringify({ from: t, room: roomOf(t), status: 1 }));
        ws.send(JSON.stringify({ from: t, room: roomOf(t), status: 2 }));
        await closeAll([ws]);
      },
      count,
    );
    await closeAll(sockets);
    return result;
  } finally {
    await relay.stop();
  }
}

export async function presenceFanout(
  o: PresenceOptions,
): Promise<{ parley: PresenceResult; bareRelay: PresenceResult }> {
  const targets = Array.from({ length: o.targets }, (_, i) => `pt${String(i).padStart(4, '0')}`);
  const watchers = Array.from({ length: o.watchers }, (_, i) => `pw${String(i).padStart(3, '0')}`);
  const bareRelay = await relayRun(targets, watchers, o);
  const parley = await parleyRun(targets, watchers, o);
  return { parley, bareRelay };
}
