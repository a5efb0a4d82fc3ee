import type { BusEvent, Clock, EventBus, Repos, Storage } from './ports.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { ContentFilter } from './messages/content-filter.ts';
import type { UploadLedger } from './uploads/ports.ts';

/** What every domain action receives: the ports, the clock and the server's settings. */
export interface Domain {
  readonly storage: Storage;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly secret: string;
  readonly userSigExpireSeconds: number;
  readonly sessionSeconds: number;
  readonly throttle: LoginThrottle;
  readonly contentFilter: ContentFilter;
  /** Publishing failures are reported here, never thrown at the caller: push is a hint (GUIDE §3.4). */
  readonly onPublishError: (err: unknown) => void;
  /** Uploads a message names are marked referenced (ABU8); absent when the storage keeps no upload ledger. */
  readonly uploadRefs?: Pick<UploadLedger, 'markReferenced'>;
}

export const nowSeconds = (d: Pick<Domain, 'clock'>) => Math.floor(d.clock.now() / 1000);

export type Emit = (topic: string, event: BusEvent) => void;

/**
 * Runs `fn` in one transaction and publishes the events it emitted only after the commit (rule EV1).
 * A rolled-back action publishes nothing.
 */
export async function commit<T>(d: Domain, fn: (tx: Repos, emit: Emit) => Promise<T>): Promise<T> {
  const events: [string, BusEvent][] = [];
  const result = await d.storage.transaction((tx) => fn(tx, (topic, event) => events.push([topic, event])));
  for (const [topic, event] of events) {
    d.bus.publish(topic, event).catch(d.onPublishError);
  }
  return result;
}

export const userTopic = (userID: string) => `user:${userID}`;
