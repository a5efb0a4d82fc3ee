import type { WireMessage } from '@parley/protocol';
import { createUsers } from '../lib/accounts.ts';
import { ApiClient } from '../lib/api-client.ts';
import { judgeHistories } from '../lib/history-check.ts';
import { keepAliveAgent } from '../lib/http-json.ts';
import { Ledger } from '../lib/ledger.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, between, fork, mulberry32, pick } from '../lib/prng.ts';
import { readWithRetry, sendWithRetry } from '../lib/send-with-retry.ts';
import type { Summary } from '../lib/summary.ts';
import { buildPairs, type Pair, peersOf } from '../lib/topology.ts';
import { waitFor } from '../lib/wait.ts';

export interface R2Options {
  users: number;
  conversations: number;
  /** SIGKILLs while senders are sending; one more follows once they stop. */
  kills: number;
  /** New acks to wait for after each restart before the next kill. */
  acksBetweenKills: readonly [number, number];
  /** Bound on messages per sender, whatever happens. */
  maxPerSender: number;
}

export const R2_FULL: R2Options = {
  users: 6,
  conversations: 5,
  kills: 10,
  acksBetweenKills: [20, 120],
  maxPerSender: 20_000,
};
export const R2_SHORT: R2Options = {
  users: 4,
  conversations: 3,
  kills: 3,
  acksBetweenKills: [10, 60],
  maxPerSender: 5000,
};

const SEND_DEADLINE_MS = 30_000;
const ACK_WAIT_MS = 30_000;

interface SendState {
  stop: boolean;
  acks: number;
  attempts: number;
}

/**
 * R2: senders send without pause while the server is killed with SIGKILL and restarted on the same
 * SQLite file; unacknowledged sends are retried with the same ID. After a final kill and restart,
 * every acked message must be in the history at its acked sequence, sequences dense and unique.
 */
export async function runR2(seed: number, o: R2Options): Promise<Summary> {
  const rand = mulberry32(seed);
  const server = await ParleyServer.start();
  try {
    const users = Array.from({ length: o.users }, (_, i) => `r2u${i}`);
    const sigs = await createUsers(server.port, users);
    const pairs = buildPairs(fork(rand), users, o.conversations);
    const peers = peersOf(pairs);
    const apis = new Map(users.map((u) => [u, new ApiClient(u, sigs.get(u) ?? '', server.port, keepAliveAgent(2))]));
    const ledger = new Ledger();
    const state: SendState = { stop: false, acks: 0, attempts: 0 };
    const senders = users.map((u) =>
      sendLoop(apis.get(u) as ApiClient, peers.get(u) ?? [], seed, fork(rand), ledger, state, o),
    );
    await killWhileSending(server, state, fork(rand), o);
    state.stop = true;
    await Promise.all(senders);
    const killedAt = Date.now();
    await server.restart();
    const histories = await readHistories(apis, pairs, fork(rand));
    const convergeMs = Date.now() - killedAt;
    const { stored, ...verdict } = judgeHistories(histories, ledger);
    return {
      scenario: 'R2',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...verdict,
      convergeMs,
      kills: o.kills + 1,
      retries: state.attempts - ledger.sent.size,
      stored,
      conversations: pairs.length,
      storage: 'sqlite',
    };
  } finally {
    await server.stop();
  }
}

/** Kills the server after a random number of new acks, `o.kills` times; sends go on across each restart. */
async function killWhileSending(server: ParleyServer, state: SendState, rand: Rand, o: R2Options): Promise<void> {
  for (let kill = 0; kill < o.kills; kill += 1) {
    await acksAfter(state, between(rand, o.acksBetweenKills[0], o.acksBetweenKills[1]));
    await server.restart();
  }
  // Sends must also succeed after the last restart before they stop.
  await acksAfter(state, o.acksBetweenKills[0]);
}

/** Waits until `n` more sends were acknowledged (the server is up and committing). */
function acksAfter(state: SendState, n: number): Promise<void> {
  const target = state.acks + n;
  return waitFor(() => state.acks >= target, { timeoutMs: ACK_WAIT_MS, what: `${n} more acks` });
}

async function sendLoop(
  api: ApiClient,
  peers: readonly string[],
  seed: number,
  rand: Rand,
  ledger: Ledger,
  state: SendState,
  o: R2Options,
): Promise<void> {
  // The stop flag is read only between messages: a message in flight is retried until acked.
  for (let k = 0; k < o.maxPerSender && !state.stop; k += 1) {
    const to = pick(rand, peers);
    const ID = `r2-${seed}-${api.userID}-${k}`;
    ledger.recordSent(ID, api.userID, to);
    const ack = await sendWithRetry(
      api,
      { ID, to, text: `${api.userID} #${k}` },
      {
        rand,
        deadlineAt: Date.now() + SEND_DEADLINE_MS,
        onAttempt: () => {
          state.attempts += 1;
        },
      },
    );
    if (ack) {
      ledger.recordAck(ack);
      state.acks += 1;
    }
  }
}

async function readHistories(apis: Map<string, ApiClient>, pairs: readonly Pair[], rand: Rand) {
  const deadlineAt = Date.now() + 30_000;
  const histories: WireMessage[][] = [];
  for (const [a, b] of pairs) {
    const api = apis.get(a) as ApiClient;
    histories.push(await readWithRetry(() => api.fullHistory(b), rand, deadlineAt));
  }
  return histories;
}
