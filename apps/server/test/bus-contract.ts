import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusHandler, BusMessage, EventBus } from '../src/domain/bus.ts';

/** The contract is the transport's: it sends test events of its own, not the domain's. */
type BusEvent = BusMessage;

export interface BusPair {
  /** Two nodes' view of the bus: the same instance twice for memory, independent instances for Redis. */
  readonly a: EventBus<BusMessage>;
  readonly b: EventBus<BusMessage>;
  readonly close: () => Promise<void>;
  /** Where the buses' onError reports go, when the factory collects them; lets the contract check reporting. */
  readonly errors?: readonly unknown[];
}

interface Received {
  readonly event: BusEvent;
  readonly topic: string;
}

interface Collector {
  readonly handler: BusHandler<BusMessage>;
  readonly received: Received[];
  readonly types: () => string[];
}

const DEADLINE_MS = 30_000;
const POLL_MS = 2;

/** Polls until `condition` holds; success never waits longer than it has to, failure names what was awaited. */
async function until(condition: () => boolean, what: string, deadlineMs = DEADLINE_MS): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function collector(): Collector {
  const received: Received[] = [];
  return {
    received,
    handler: (event, topic) => {
      received.push({ event, topic });
    },
    types: () => received.map((r) => r.event.type),
  };
}

/** Tests share one Redis, and a failed test may leave a subscription behind; fresh topics keep them apart. */
function freshTopic(label: string): string {
  return `${label}:${randomUUID()}`;
}

function sentinel(): BusEvent {
  return { type: 'sentinel', id: randomUUID() };
}

async function receivedSentinel(into: Collector, event: BusEvent): Promise<void> {
  await until(() => into.received.some((r) => r.event.id === event.id), `sentinel ${String(event.id)}`);
}

export function busContract(name: string, make: () => Promise<BusPair>): void {
  describe(`${name} (event-bus contract)`, () => {
    let pair: BusPair;
    let closed: boolean;

    const closePair = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      await pair.close();
    };

    beforeEach(async () => {
      closed = false;
      pair = await make();
    });

    afterEach(async () => {
      await closePair();
    });

    it('BUS1 delivers an event published on a to a subscriber on b, with the same payload and topic', async () => {
      const topic = freshTopic('user');
      const got = collector();
      await pair.b.subscribe(topic, got.handler);
      const event: BusEvent = {
        type: 'message.new',
        id: randomUUID(),
        seq: 42,
        body: { text: 'héllo 👋', tags: ['a', 'b'], reply: null, pinned: false },
      };
      await pair.a.publish(topic, event);
      await until(() => got.received.length === 1, 'the event');
      expect(got.received[0]?.topic).toBe(topic);
      expect(got.received[0]?.event).toEqual(event);
    });

    it('BUS2 never calls a handler synchronously inside publish', async () => {
      const topic = freshTopic('user');
      const got = collector();
      await pair.b.subscribe(topic, got.handler);
      const publishing = pair.a.publish(topic, { type: 'async' });
      expect(got.received).toHaveLength(0);
      await publishing;
      await until(() => got.received.length === 1, 'the event');
    });

    it('BUS3 does not deliver events of other topics', async () => {
      const mine = freshTopic('group');
      const other = freshTopic('group');
      const mineGot = collector();
      const otherGot = collector();
      await pair.b.subscribe(mine, mineGot.handler);
      await pair.b.subscribe(other, otherGot.handler);
      await pair.a.publish(other, { type: 'elsewhere' });
      const mark = sentinel();
      await pair.a.publish(mine, mark);
      await receivedSentinel(mineGot, mark);
      await until(() => otherGot.received.length === 1, 'the other topic event');
      expect(mineGot.types()).toEqual(['sentinel']);
      expect(otherGot.types()).toEqual(['elsewhere']);
    });

    it('BUS3 delivers to every handler on a topic', async () => {
      const topic = freshTopic('group');
      const first = collector();
      const second = collector();
      const onA = collector();
      await pair.b.subscribe(topic, first.handler);
      await pair.b.subscribe(topic, second.handler);
      await pair.a.subscribe(topic, onA.handler);
      await pair.a.publish(topic, { type: 'all' });
      await until(() => [first, second, onA].every((c) => c.received.length === 1), 'all three handlers');
      for (const c of [first, second, onA]) expect(c.types()).toEqual(['all']);
    });

    it('BUS4 stops delivery after unsubscribe while the other handler on the topic keeps receiving', async () => {
      const topic = freshTopic('user');
      const leaving = collector();
      const staying = collector();
      const unsubscribe = await pair.b.subscribe(topic, leaving.handler);
      await pair.b.subscribe(topic, staying.handler);
      await unsubscribe();
      await unsubscribe();
      const mark = sentinel();
      await pair.a.publish(topic, mark);
      await receivedSentinel(staying, mark);
      expect(staying.types()).toEqual(['sentinel']);
      expect(leaving.received).toHaveLength(0);
    });

    it('BUS4 can subscribe again after the last handler on a topic left', async () => {
      const topic = freshTopic('user');
      const before = collector();
      const after = collector();
      const unsubscribe = await pair.b.subscribe(topic, before.handler);
      await unsubscribe();
      await pair.a.publish(topic, { type: 'nobody-listens' });
      await pair.b.subscribe(topic, after.handler);
      const mark = sentinel();
      await pair.a.publish(topic, mark);
      await receivedSentinel(after, mark);
      expect(after.types()).toEqual(['sentinel']);
      expect(before.received).toHaveLength(0);
    });

    it('BUS5 keeps publish order for one topic and one publisher', async () => {
      const topic = freshTopic('user');
      const got = collector();
      await pair.b.subscribe(topic, got.handler);
      const count = 200;
      await Promise.all(Array.from({ length: count }, (_, seq) => pair.a.publish(topic, { type: 'seq', seq })));
      await until(() => got.received.length >= count, `${count} events`);
      expect(got.received.map((r) => r.event.seq)).toEqual(Array.from({ length: count }, (_, seq) => seq));
    });

    it('BUS6 keeps delivering to other handlers when one handler throws', async () => {
      const topic = freshTopic('user');
      const boom = new Error('handler exploded');
      const got = collector();
      await pair.b.subscribe(topic, () => {
        throw boom;
      });
      await pair.b.subscribe(topic, got.handler);
      await pair.a.publish(topic, { type: 'first' });
      await pair.a.publish(topic, { type: 'second' });
      await until(() => got.received.length === 2, 'both events');
      expect(got.types()).toEqual(['first', 'second']);
      const errors = pair.errors;
      if (errors) await until(() => errors.includes(boom), 'the handler error to be reported');
    });

    it('BUS7 answers ping while open', async () => {
      await expect(pair.a.ping()).resolves.toBe(true);
      await expect(pair.b.ping()).resolves.toBe(true);
    });

    it('BUS7 rejects publish and subscribe after close, and ping turns false', async () => {
      await closePair();
      for (const bus of [pair.a, pair.b]) {
        await expect(bus.publish(freshTopic('user'), { type: 'late' })).rejects.toThrow('bus closed');
        await expect(bus.subscribe(freshTopic('user'), () => {})).rejects.toThrow('bus closed');
        await expect(bus.ping()).resolves.toBe(false);
      }
    });
  });
}
