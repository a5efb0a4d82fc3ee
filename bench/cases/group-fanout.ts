import type WebSocket from 'ws';
import { postJson } from '../lib/http.ts';
import { TEXT } from '../lib/mesh.ts';
import { openUntilHello, closeAll } from '../lib/ws-open.ts';
import { type Latency, latency, round } from '../lib/stats.ts';
import type { Target } from '../lib/targets.ts';

/**
 * Group fan-out (decision 0012): one room of `members` users, every member with one push socket; one
 * sender. Parley: a Public group, the sender's `send` frames (stored once, published once to the group's topic).
 * Bare relay: a room of sockets, each frame written to every socket of the room.
 */
interface Room {
  sockets: WebSocket[];
  send(id: string): void;
  close(): Promise<void>;
}

/** The message ID in a delivered frame, found without parsing the whole frame (the generator must not be the limit). */
function idIn(frame: string, key: string): string | undefined {
  const at = frame.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  return frame.slice(start, frame.indexOf('"', start));
}

async function parleyRoom(t: Target, members: readonly string[], tag: string): Promise<Room> {
  const port = t.server.port;
  const auth = (u: string) => t.profile(u).headers;
  const [owner, ...rest] = members as [string, ...string[]];
  const groupID = `bench-${tag}`;
  const memberList = rest.slice(0, 499).map((userID) => ({ userID }));
  await postJson(port, '/api/v1/groups', auth(owner), {
    groupID,
    name: 'bench',
    type: 'Public',
    joinOption: 'FreeAccess',
    memberList,
  });
  for (const u of rest.slice(499)) await postJson(port, `/api/v1/groups/${groupID}/join`, auth(u), {});
  const sockets: WebSocket[] = [];
  for (const u of members) sockets.push(await t.connect(u));
  const sender = await t.connect(owner);
  return {
    sockets,
    send(id) {
      const message = { ID: id, conversationType: 'GROUP', to: groupID, type: 'TIMTextElem', payload: { text: TEXT } };
      sender.send(JSON.stringify({ type: 'send', ref: id, message }));
    },
    close: () => closeAll([...sockets, sender]),
  };
}

async function relayRoom(t: Target, members: readonly string[], tag: string): Promise<Room> {
  const url = (u: string) => `ws://127.0.0.1:${t.server.port}/?user=${encodeURIComponent(u)}&room=${tag}`;
  const sockets: WebSocket[] = [];
  for (const u of members) sockets.push(await openUntilHello(url(u)));
  const sender = await openUntilHello(
    `ws://127.0.0.1:${t.server.port}/?user=${encodeURIComponent(`${members[0]}#send`)}`,
  );
  return {
    sockets,
    send: (id) => sender.send(JSON.stringify({ from: members[0], room: tag, id, text: TEXT })),
    close: () => closeAll([...sockets, sender]),
  };
}

/** Deliveries per message ID; `onMessage` sees each delivery with its arrival time. */
function listen(room: Room, key: string, onDelivery: (id: string, at: number) => void): void {
  for (const ws of room.sockets) {
    ws.on('message', (data) => {
      const id = idIn(String(data), key);
      if (id !== undefined) onDelivery(id, performance.now());
    });
  }
}

export interface FanoutResult {
  deliveriesPerSec: number;
  messagesPerSec: number;
  latencyAt20k: Latency;
  offeredDeliveriesPerSec: number;
}

interface Loop {
  pending: Map<string, { left: number; start: number }>;
  samples: number[];
  delivered: number;
  recording: boolean;
  sampling: boolean;
  closed: boolean;
  next: () => void;
}

/** Tracks each message until every member got it; in the closed loop a finished message sends the next one. */
function loop(room: Room, key: string, members: number, tag: string): Loop {
  let seq = 0;
  const l: Loop = {
    pending: new Map(),
    samples: [],
    delivered: 0,
    recording: false,
    sampling: false,
    closed: true,
    next() {
      seq += 1;
      const id = `${tag}-${seq}`;
      l.pending.set(id, { left: members, start: performance.now() });
      room.send(id);
    },
  };
  listen(room, key, (id, at) => {
    const p = l.pending.get(id);
    if (!p) return;
    if (l.recording) l.delivered += 1;
    if (l.sampling) l.samples.push(at - p.start);
    p.left -= 1;
    if (p.left > 0) return;
    l.pending.delete(id);
    if (l.closed) l.next();
  });
  return l;
}

/** Closed loop (`window` messages in flight, each done when every member got it), then open loop at 20 k/s. */
async function measure(
  room: Room,
  key: string,
  members: number,
  o: { window: number; warmupMs: number; durationMs: number },
  tag: string,
): Promise<FanoutResult> {
  const l = loop(room, key, members, tag);
  for (let i = 0; i < o.window; i += 1) l.next();
  await sleep(o.warmupMs);
  l.recording = true;
  const t0 = performance.now();
  await sleep(o.durationMs);
  const deliveriesPerSec = Math.round(l.delivered / ((performance.now() - t0) / 1000));
  l.recording = false;
  l.closed = false;
  await until(() => l.pending.size === 0, 10_000);
  // Open loop: 20 messages/s to 1,000 members is 20,000 deliveries/s.
  const rate = Math.max(1, Math.round(20_000 / members));
  l.sampling = true;
  const end = performance.now() + o.durationMs;
  while (performance.now() < end) {
    l.next();
    await sleep(1000 / rate);
  }
  await until(() => l.pending.size === 0, 10_000);
  l.sampling = false;
  return {
    deliveriesPerSec,
    messagesPerSec: round(deliveriesPerSec / members, 1),
    latencyAt20k: latency(l.samples),
    offeredDeliveriesPerSec: rate * members,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(10);
}

export async function groupFanout(
  targets: { bareRelay: Target; parley: Target },
  members: readonly string[],
  o: { window: number; warmupMs: number; durationMs: number },
): Promise<{ bareRelay: FanoutResult; parley: FanoutResult }> {
  const relay = await relayRoom(targets.bareRelay, members, 'room1');
  const bareRelay = await measure(relay, '"id":"', members.length, o, 'r');
  await relay.close();
  const room = await parleyRoom(targets.parley, members, 'room1');
  const parley = await measure(room, '"message.new","message":{"ID":"', members.length, o, 'p');
  await room.close();
  return { bareRelay, parley };
}
