/** The event bus of a single node: topics and subscribers in memory (the bus contract suite, BUS1-BUS7). */
import type { BusEvent, BusHandler, EventBus } from '../domain/bus.ts';

export interface MemoryBusOptions {
  /** Receives errors thrown by handlers; one failing subscriber must not starve the others. */
  readonly onError?: (err: unknown) => void;
}

/** A wrapper per subscribe call, so the same function subscribed twice is two independent subscriptions. */
interface Subscription {
  readonly handler: BusHandler;
}

function reportToConsole(err: unknown): void {
  console.error('memory bus: handler failed', err);
}

function invokeSafely(sub: Subscription, event: BusEvent, topic: string, report: (err: unknown) => void): void {
  try {
    sub.handler(event, topic);
  } catch (err) {
    report(err);
  }
}

/**
 * Single-process bus. Delivery is deferred to a microtask so a publisher never re-enters a subscriber
 * (handlers may publish or take locks of their own), which also keeps it observably like the Redis bus.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): EventBus {
  const report = options.onError ?? reportToConsole;
  const topics = new Map<string, Set<Subscription>>();
  let closed = false;

  const deliver = (topic: string, event: BusEvent, targets: readonly Subscription[]): void => {
    if (closed) return;
    const live = topics.get(topic);
    for (const sub of targets) {
      // Someone who unsubscribed after the publish was told the subscription is gone; honour that.
      if (live?.has(sub)) invokeSafely(sub, event, topic, report);
    }
  };

  const unsubscriber = (topic: string, sub: Subscription) => async (): Promise<void> => {
    const set = topics.get(topic);
    if (!set?.delete(sub)) return;
    if (set.size === 0) topics.delete(topic);
  };

  return {
    async publish(topic, event) {
      if (closed) throw new Error('bus closed');
      const set = topics.get(topic);
      if (!set || set.size === 0) return;
      // Snapshot now: subscribers added after the publish do not get it, as with Redis.
      const targets = [...set];
      queueMicrotask(() => deliver(topic, event, targets));
    },

    async subscribe(topic, handler) {
      if (closed) throw new Error('bus closed');
      const sub: Subscription = { handler };
      let set = topics.get(topic);
      if (!set) {
        set = new Set();
        topics.set(topic, set);
      }
      set.add(sub);
      return unsubscriber(topic, sub);
    },

    async ping() {
      return !closed;
    },

    async close() {
      closed = true;
      topics.clear();
    },
  };
}
