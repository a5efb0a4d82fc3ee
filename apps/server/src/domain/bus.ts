/**
 * The event-bus port. Implementations: fanout/memory-bus.ts (one process) and fanout/redis-bus.ts
 * (several nodes). Both pass test/bus-contract.ts.
 *
 * Topics are plain strings ("user:<userID>", "group:<groupID>", ...). Events are JSON-serialisable.
 * Delivery is at-most-once and best effort: push is a hint (GUIDE §3.4); clients converge by sync.
 */
export interface BusEvent {
  readonly type: string;
  readonly [key: string]: unknown;
}

export type BusHandler = (event: BusEvent, topic: string) => void;

export interface EventBus {
  /** Publish to every subscriber of `topic` on every node. Resolves once handed to the transport. */
  publish(topic: string, event: BusEvent): Promise<void>;
  /** Subscribe; resolves once the subscription is active. Returns a function that unsubscribes. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Resolves when the bus can deliver (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
