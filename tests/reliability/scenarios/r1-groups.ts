import type { WireMessage } from '@parley/protocol';
import { createUsers } from '../lib/accounts.ts';
import { startChaos } from '../lib/chaos.ts';
import { GroupClient, createGroup } from '../lib/group-client.ts';
import { ParleyServer } from '../lib/parley-server.ts';
import { type Rand, between, fork, mulberry32, pick } from '../lib/prng.ts';
import type { Summary } from '../lib/summary.ts';
import { delay, waitFor, waitUntil } from '../lib/wait.ts';
import { TcpProxy } from '../tcp-proxy.ts';

export interface R1GroupOptions {
  members: number;
  groups: number;
  messages: number;
  maxPaceMs: number;
  chaosGapMs: readonly [number, number];
}

/** Decision 0012: ≥ 2,000 messages in groups of ≥ 10 members. */
export const R1G_FULL: R1GroupOptions = {
  members: 12,
  groups: 2,
  messages: 2000,
  maxPaceMs: 20,
  chaosGapMs: [80, 250],
};
export const R1G_SHORT: R1GroupOptions = { members: 4, groups: 2, messages: 200, maxPaceMs: 16, chaosGapMs: [60, 180] };

interface Sent {
  from: string;
  groupID: string;
  index: number;
}

/** What was sent, acknowledged and received; every member but the sender should get each acked message once. */
class GroupLedger {
  readonly sent = new Map<string, Sent>();
  readonly acked = new Map<string, WireMessage>();
  readonly received = new Map<string, WireMessage[]>();
  private readonly perSender = new Map<string, number>();
  constructor(readonly membersOf: Map<string, string[]>) {}

  recordSent(ID: string, from: string, groupID: string): void {
    const index = this.perSender.get(from) ?? 0;
    this.perSender.set(from, index + 1);
    this.sent.set(ID, { from, groupID, index });
  }
  recordReceived(receiver: string, m: WireMessage): void {
    this.received.set(receiver, [...(this.received.get(receiver) ?? []), m]);
  }
  missing(): number {
    let n = 0;
    for (const [ID, ack] of this.acked) {
      for (const member of this.membersOf.get(ack.to) ?? []) {
        if (member !== ack.from && !(this.received.get(member) ?? []).some((m) => m.ID === ID)) n += 1;
      }
    }
    return n;
  }
}

function judge(ledger: GroupLedger, lost: number) {
  const v = { lost, duplicated: 0, unexpected: 0, orderViolations: 0 };
  for (const [receiver, list] of ledger.received) {
    const seen = new Set<string>();
    const lastSeq = new Map<string, number>();
    const lastIndex = new Map<string, number>();
    for (const m of list) {
      if (seen.has(m.ID)) {
        v.duplicated += 1;
        continue;
      }
      seen.add(m.ID);
      const sent = ledger.sent.get(m.ID);
      const ack = ledger.acked.get(m.ID);
      const member = ledger.membersOf.get(m.to)?.includes(receiver);
      if (!sent || sent.from !== m.from || sent.groupID !== m.to || !member || (ack && ack.sequence !== m.sequence)) {
        v.unexpected += 1;
        continue;
      }
      if (m.sequence <= (lastSeq.get(m.to) ?? 0)) v.orderViolations += 1;
      if (sent.index <= (lastIndex.get(`${m.from}>${m.to}`) ?? -1)) v.orderViolations += 1;
      lastSeq.set(m.to, m.sequence);
      lastIndex.set(`${m.from}>${m.to}`, sent.index);
    }
  }
  return v;
}

/**
 * R1 for groups: every member's client talks through a TCP proxy that cuts and stalls connections at random; every
 * member must end with every acknowledged group message of the others exactly once, in sequence order.
 */
export async function runR1Groups(seed: number, o: R1GroupOptions): Promise<Summary> {
  const rand = mulberry32(seed);
  const server = await ParleyServer.start();
  const proxy = await TcpProxy.start(server.port);
  const clients: GroupClient[] = [];
  try {
    const users = Array.from({ length: o.members }, (_, i) => `r1gu${i}`);
    const sigs = await createUsers(server.port, users);
    const groupIDs = Array.from({ length: o.groups }, (_, i) => `r1g${i}`);
    const membersOf = new Map(groupIDs.map((g) => [g, users]));
    for (const g of groupIDs) await createGroup(server.port, sigs.get(users[0] as string) ?? '', g, users.slice(1));
    const ledger = new GroupLedger(membersOf);
    for (const userID of users) {
      const onMessage = (m: WireMessage) => ledger.recordReceived(userID, m);
      clients.push(
        new GroupClient({
          userID,
          userSig: sigs.get(userID) ?? '',
          port: proxy.port,
          rand: fork(rand),
          groupIDs,
          onMessage,
        }),
      );
    }
    for (const c of clients) c.start();
    await waitFor(() => clients.every((c) => c.connected), { timeoutMs: 15_000, what: 'every client to connect' });
    const chaos = startChaos(proxy, fork(rand), {
      minGapMs: o.chaosGapMs[0],
      maxGapMs: o.chaosGapMs[1],
      maxStallMs: 800,
      maxFaults: 1000,
    });
    const quota = (i: number) => Math.floor(o.messages / o.members) + (i < o.messages % o.members ? 1 : 0);
    await Promise.all(clients.map((c, i) => sendLoop(c, groupIDs, quota(i), fork(rand), ledger, o)));
    await chaos.stop();
    const start = Date.now();
    const converged = await waitUntil(() => ledger.missing() === 0, {
      timeoutMs: 120_000,
      what: 'every member to converge',
    });
    const convergeMs = converged ? Date.now() - start : -1;
    const lostNow = ledger.missing();
    await Promise.all(clients.map((c) => c.syncAll()));
    const f = chaos.faults;
    return {
      scenario: 'R1-groups',
      seed,
      sent: ledger.sent.size,
      acked: ledger.acked.size,
      ...judge(ledger, lostNow),
      convergeMs,
      members: o.members,
      groups: o.groups,
      faults: f.cutAll + f.cutSome + f.stallAll + f.stallSome,
      connectionsCut: proxy.cuts,
      stalls: proxy.stalls,
      reconnects: clients.reduce((n, c) => n + c.connects - 1, 0),
      client: 'minimal (HTTP group send + WS push + afterSeq catch-up per group)',
    };
  } finally {
    for (const c of clients) c.close();
    await proxy.close();
    await server.stop();
  }
}

async function sendLoop(
  c: GroupClient,
  groupIDs: string[],
  count: number,
  rand: Rand,
  ledger: GroupLedger,
  o: R1GroupOptions,
) {
  for (let k = 0; k < count; k += 1) {
    const groupID = pick(rand, groupIDs);
    const ack = await c.send(groupID, `${c.userID} #${k}`, Date.now() + 20_000, (ID) =>
      ledger.recordSent(ID, c.userID, groupID),
    );
    if (ack) ledger.acked.set(ack.ID, ack);
    await delay(between(rand, 0, o.maxPaceMs));
  }
}
