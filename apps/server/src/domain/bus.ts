import type { BusEvent } from '@parley/protocol';

/**
 * The event-bus port. Implementations: fanout/memory-bus.ts (one process) and fanout/redis-bus.ts
 * (several nodes). Both pass test/bus-contract.ts.
 *
 * Topics are plain strings ("user:<userID>", "group:<groupID>", ...). Events are JSON-serialisable.
 * Delivery is at-most-once and best effort: push is a hint (GUIDE §3.4); clients converge by sync.
 *
 * The domain's bus carries `BusEvent`, the union @parley/protocol assembles from every feature's events (decision
 * 0029): a publisher of an event of unknown shape does not compile. The transports themselves only need a `type`.
 */
export type { BusEvent };

/** What a transport carries: a JSON object with a string `type` (the contract suite's own test events are such). */
export interface BusMessage {
  readonly type: string;
  readonly [key: string]: unknown;
}

export type BusHandler<E extends BusMessage = BusEvent> = (event: E, topic: string) => void;

export interface EventBus<E extends BusMessage = BusEvent> {
  /** Publish to every subscriber of `topic` on every node. Resolves once handed to the transport. */
  publish(topic: string, event: E): Promise<void>;
  /** Subscribe; resolves once the subscription is active. Returns a function that unsubscribes. */
  subscribe(topic: string, handler: BusHandler<E>): Promise<() => Promise<void>>;
  /** Resolves when the bus can deliver (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
