import type { BusEvent, Clock, EventBus, Repos, Storage } from './ports.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { ContentFilter } from './messages/content-filter.ts';
import type { ActionSettings } from './actions/settings.ts';
import type { BlockCache } from './contacts/block-cache.ts';
import type { GroupFeatures } from './groups/features.ts';
import type { GroupChurn } from './groups/tip-coalescer.ts';
import type { LastSend } from './groups/last-send.ts';
import type { SendPath } from './messages/send-path.ts';
import type { NoticeSpacing } from './portal/notice-spacing.ts';
import type { PresenceStore } from './presence/ports.ts';
import type { UploadLedger } from './uploads/ports.ts';
import type { CallTimers } from './calls/timers.ts';

/**
 * What every domain action receives: the ports, the clock, the server's settings and each feature's per-node state.
 * Built in one place, app/build-domain.ts, which refuses to start without any of them.
 */
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
  /** The group-commit writer, the newest-page cache and the per-user send limits (messages/send-path.ts). */
  readonly sendPath: SendPath;
  /** Who is online on any node: memory on one node, Redis across nodes (presence/ports.ts, decision 0017). */
  readonly presence: PresenceStore;
  /** This node's copy of every blocklist, read by the send path (contacts/block-cache.ts, decision 0017). */
  readonly blocks: BlockCache;
  /** Message actions: the recall window (actions/settings.ts). */
  readonly actionSettings: ActionSettings;
  /** Group abilities the deployment turned on (groups/features.ts). */
  readonly groupFeatures: GroupFeatures;
  /** Group members' last send times waiting to be written (groups/last-send.ts). */
  readonly lastSend: LastSend;
  /** Group churn limits and this node's memory of recent join/quit tips (groups/tip-coalescer.ts, ABU22, ABU26). */
  readonly groupChurn: GroupChurn;
  /** This node's memory of recent application status notices (portal/notice-spacing.ts, ABU36). */
  readonly statusNotices: NoticeSpacing;
  /** Uploads a message names are marked referenced (ABU8); null when the storage keeps no upload ledger. */
  readonly uploadRefs: Pick<UploadLedger, 'markReferenced'> | null;
  /** This node's timers of the invitations it took (calls/timers.ts, decision 0038). */
  readonly callTimers: CallTimers;
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
