import { createUsers } from '../lib/accounts.ts';
import { startChaos } from '../lib/chaos.ts';
import type { Delivered, Device, DeviceOptions } from '../lib/device.ts';
import { Ledger } from '../lib/ledger.ts';
import { MinimalClient } from '../lib/min-client.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, between, fork, mulberry32, pick } from '../lib/prng.ts';
import type { Summary } from '../lib/summary.ts';
import { buildPairs, peersOf } from '../lib/topology.ts';
import { SdkDevice } from '../lib/sdk-device.ts';
import { judgeDeliveries } from '../lib/verdict.ts';
import { delay, waitFor, waitUntil } from '../lib/wait.ts';
import { TcpProxy } from '../tcp-proxy.ts';

export type ClientKind = 'sdk' | 'minimal';

export interface R1Options {
  /** The real SDK, or the minimal reference client (to tell an SDK fault from a server fault). */
  client: ClientKind;
  clients: number;
  conversations: number;
  messages: number;
  /** Random pause between one client's sends, so faults land throughout the run. */
  maxPaceMs: number;
  chaosGapMs: readonly [number, number];
}

export const R1_FULL: R1Options = {
  client: 'sdk',
  clients: 10,
  conversations: 15,
  messages: 2000,
  maxPaceMs: 20,
  chaosGapMs: [80, 250],
};
export const R1_SHORT: R1Options = {
  client: 'sdk',
  clients: 3,
  conversations: 3,
  messages: 200,
  maxPaceMs: 16,
  chaosGapMs: [60, 180],
};

// Bounds for a stuck run, not budgets: a passing run never waits them out, and a machine four times slower than a
// quiet one still finishes inside them (a loaded CI machine converged past 30 s once).
const SEND_DEADLINE_MS = 90_000;
const CONVERGE_TIMEOUT_MS = 120_000;

/**
 * R1: clients talk through a TCP proxy that cuts and stalls connections at random; afterwards every
 * receiver must have every acknowledged message exactly once, in each sender's order.
 */
export async function runR1(seed: number, o: R1Options): Promise<Summary> {
  const rand = mulberry32(seed);
  const server = await ParleyServer.start();
  const proxy = await TcpProxy.start(server.port);
  const clients: Device[] = [];
  try {
    const ledger = new Ledger();
    const peers = await startClients(server.port, proxy.port, o, fork(rand), ledger, clients);
    const chaos = startChaos(proxy, fork(rand), {
      minGapMs: o.chaosGapMs[0],
      maxGapMs: o.chaosGapMs[1],
      maxStallMs: 800,
      maxFaults: 1000,
    });
    const quota = (i: number) => Math.floor(o.messages / o.clients) + (i < o.messages % o.clients ? 1 : 0);
    await Promise.all(clients.map((c, i) => sendLoop(c, peers.get(c.userID) ?? [], quota(i), fork(rand), ledger, o)));
    await chaos.stop();
    const { convergeMs, lostNow, missingIDs, missingAfterResync } = await converge(ledger, clients);
    const f = chaos.faults;
    return {
      scenario: 'R1',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...judgeDeliveries(ledger, lostNow),
      convergeMs,
      ...(lostNow > 0 ? { missingIDs, missingAfterResync } : {}),
      clients: o.clients,
      conversations: [...peers.values()].reduce((n, p) => n + p.length, 0) / 2,
      faults: f.cutAll + f.cutSome + f.stallAll + f.stallSome,
      connectionsCut: proxy.cuts,
      stalls: proxy.stalls,
      reconnects: clients.reduce((n, c) => n + c.connects - 1, 0),
      client: o.client === 'sdk' ? '@parley/chat' : 'minimal (HTTP send + WS push + afterSeq catch-up)',
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await proxy.close();
    await server.stop();
  }
}

function device(kind: ClientKind, o: DeviceOptions, rand: Rand): Device {
  return kind === 'sdk' ? new SdkDevice(o) : new MinimalClient({ ...o, rand });
}

/** Creates the users and one connected client each (behind the proxy); returns each user's peers. */
export async function startClients(
  serverPort: number,
  proxyPort: number,
  o: R1Options,
  rand: Rand,
  ledger: Ledger,
  clients: Device[],
): Promise<Map<string, string[]>> {
  const users = Array.from({ length: o.clients }, (_, i) => `r1u${i}`);
  const sigs = await createUsers(serverPort, users);
  const peers = peersOf(buildPairs(fork(rand), users, o.conversations));
  for (const [index, userID] of users.entries()) {
    const userSig = sigs.get(userID) ?? '';
    const onMessage = (m: Delivered) => ledger.recordReceived(userID, m);
    const options = { userID, userSig, port: proxyPort, idPrefix: `r1-${userID}`, index, onMessage };
    clients.push(device(o.client, options, fork(rand)));
  }
  await Promise.all(clients.map((c) => c.start()));
  await waitFor(() => clients.every((c) => c.connected), { timeoutMs: 15_000, what: 'every client to connect' });
  return peers;
}

/** Waits for every receiver to hold every acked message, then forces one more catch-up everywhere. */
export async function converge(ledger: Ledger, clients: readonly Device[]) {
  const start = Date.now();
  const converged = await waitUntil(() => ledger.missing() === 0, {
    timeoutMs: CONVERGE_TIMEOUT_MS,
    what: 'every receiver to converge',
  });
  const convergeMs = converged ? Date.now() - start : -1;
  const lostNow = ledger.missing();
  const missingIDs = ledger.missingIDs().slice(0, 20).join(' ');
  // A late duplicate or a stray message would show up in this extra catch-up. Missing messages that arrive
  // through it were stored but never reached their receiver on its own: `missingAfterResync` tells a client
  // that did not notice what it missed (late) from a message the server never made available (lost).
  await Promise.all(clients.map((c) => c.syncAll()));
  const missingAfterResync = ledger.missing();
  return { convergeMs, lostNow, missingIDs, missingAfterResync };
}

export async function sendLoop(
  c: Device,
  peers: readonly string[],
  count: number,
  rand: Rand,
  ledger: Ledger,
  o: R1Options,
): Promise<void> {
  for (let k = 0; k < count; k += 1) {
    const to = pick(rand, peers);
    const text = `${c.userID} #${k} to ${to}`;
    const ack = await c.send(to, text, Date.now() + SEND_DEADLINE_MS, (ID) => ledger.recordSent(ID, c.userID, to));
    if (ack) ledger.recordAck(ack);
    await delay(between(rand, 0, o.maxPaceMs));
  }
}
