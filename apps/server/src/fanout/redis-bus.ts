import { Redis } from 'ioredis';
import type { BusEvent, BusHandler, EventBus } from '../domain/bus.ts';

export interface RedisBusOptions {
  /** Connection trouble, malformed messages and throwing handlers; none of them may crash the node. */
  readonly onError?: (err: unknown) => void;
  /** Channel prefix, so deployments (and test runs) sharing one Redis do not hear each other. */
  readonly keyPrefix?: string;
}

const DEFAULT_PREFIX = 'parley:';
const PING_TIMEOUT_MS = 1_000;
const QUIT_TIMEOUT_MS = 2_000;

interface Subscription {
  readonly handler: BusHandler;
}

/**
 * Local bookkeeping for one topic. Subscribe/unsubscribe operations on a topic run one at a time through
 * `tail`, so "first handler arrives" and "last handler leaves" can never interleave their SUBSCRIBE/UNSUBSCRIBE.
 */
interface TopicState {
  readonly handlers: Set<Subscription>;
  subscribed: boolean;
  pending: number;
  tail: Promise<void>;
}

function reportToConsole(err: unknown): void {
  console.error('redis bus:', err);
}

function noop(): void {}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isBusEvent(value: unknown): value is BusEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return typeof (value as { type?: unknown }).type === 'string';
}

function decode(raw: string): BusEvent {
  const value: unknown = JSON.parse(raw);
  if (!isBusEvent(value)) throw new Error('not an object with a string "type"');
  return value;
}

function openConnection(url: string, role: string, report: (err: unknown) => void): Redis {
  // autoResubscribe is the default; spelled out because the subscriber relies on it after reconnects.
  const conn = new Redis(url, { lazyConnect: true, autoResubscribe: true, connectionName: `parley-bus-${role}` });
  // Without a listener ioredis prints "Unhandled error event"; reconnecting is its job, reporting is ours.
  conn.on('error', report);
  return conn;
}

async function connectPair(url: string, report: (err: unknown) => void): Promise<[Redis, Redis]> {
  const pub = openConnection(url, 'pub', report);
  const sub = openConnection(url, 'sub', report);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    // Stop the background reconnect loops, or a failed start would keep the process alive.
    pub.disconnect();
    sub.disconnect();
    throw err;
  }
  return [pub, sub];
}

async function quit(conn: Redis): Promise<void> {
  try {
    await withTimeout(conn.quit(), QUIT_TIMEOUT_MS, 'QUIT');
  } catch {
    // A dead link cannot say goodbye; drop it so no reconnect timer outlives the bus.
    conn.disconnect();
  }
}

/**
 * Multi-node bus over Redis pub/sub. A subscribed ioredis connection cannot publish, hence two connections.
 * Several local handlers on a topic share one Redis SUBSCRIBE, which is dropped when the last one leaves.
 */
export async function createRedisBus(url: string, options: RedisBusOptions = {}): Promise<EventBus> {
  const report = options.onError ?? reportToConsole;
  const prefix = options.keyPrefix ?? DEFAULT_PREFIX;
  const [pub, sub] = await connectPair(url, report);
  const topics = new Map<string, TopicState>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const assertOpen = (): void => {
    if (closed) throw new Error('bus closed');
  };

  const dispatch = (channel: string, raw: string): void => {
    if (closed || !channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    let event: BusEvent;
    try {
      event = decode(raw);
    } catch (cause) {
      report(new Error(`redis bus: dropped malformed event on ${channel}`, { cause }));
      return;
    }
    const handlers = topics.get(topic)?.handlers;
    if (!handlers) return;
    // Snapshot, so a handler that unsubscribes (or subscribes) mid-delivery does not disturb this loop.
    for (const entry of [...handlers]) {
      try {
        entry.handler(event, topic);
      } catch (err) {
        report(err);
      }
    }
  };
  sub.on('message', dispatch);

  const stateFor = (topic: string): TopicState => {
    let state = topics.get(topic);
    if (!state) {
      state = { handlers: new Set(), subscribed: false, pending: 0, tail: Promise.resolve() };
      topics.set(topic, state);
    }
    return state;
  };

  const forgetIfIdle = (topic: string, state: TopicState): void => {
    const idle = state.pending === 0 && state.handlers.size === 0 && !state.subscribed;
    if (idle && topics.get(topic) === state) topics.delete(topic);
  };

  const enqueue = (topic: string, state: TopicState, op: () => Promise<void>): Promise<void> => {
    const run = state.tail.then(op);
    state.pending += 1;
    state.tail = run.then(noop, noop).then(() => {
      state.pending -= 1;
      forgetIfIdle(topic, state);
    });
    return run;
  };

  const attach = async (topic: string, state: TopicState, entry: Subscription): Promise<void> => {
    assertOpen();
    state.handlers.add(entry);
    if (state.subscribed) return;
    try {
      await sub.subscribe(prefix + topic);
      state.subscribed = true;
    } catch (err) {
      state.handlers.delete(entry);
      throw err;
    }
  };

  const detach = async (topic: string, state: TopicState, entry: Subscription): Promise<void> => {
    state.handlers.delete(entry);
    if (closed || state.handlers.size > 0 || !state.subscribed) return;
    await sub.unsubscribe(prefix + topic);
    state.subscribed = false;
  };

  const shutdown = async (): Promise<void> => {
    closed = true;
    topics.clear();
    await Promise.all([quit(pub), quit(sub)]);
  };

  return {
    async publish(topic, event) {
      assertOpen();
      await pub.publish(prefix + topic, JSON.stringify(event));
    },

    async subscribe(topic, handler) {
      assertOpen();
      const entry: Subscription = { handler };
      const state = stateFor(topic);
      await enqueue(topic, state, () => attach(topic, state, entry));
      let leaving: Promise<void> | undefined;
      return () => {
        leaving ??= enqueue(topic, state, () => detach(topic, state, entry));
        return leaving;
      };
    },

    async ping() {
      // Both links must be up: a bus that can publish but not hear anything cannot deliver.
      if (closed || pub.status !== 'ready' || sub.status !== 'ready') return false;
      try {
        return (await withTimeout(pub.ping(), PING_TIMEOUT_MS, 'PING')) === 'PONG';
      } catch {
        return false;
      }
    },

    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}
