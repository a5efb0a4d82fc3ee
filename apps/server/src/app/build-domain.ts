import type { ActionSettings } from '../domain/actions/settings.ts';
import { createBlockCache } from '../domain/contacts/block-cache.ts';
import type { Domain } from '../domain/context.ts';
import type { GroupFeatures } from '../domain/groups/features.ts';
import { type GroupChurnLimits, createGroupChurn } from '../domain/groups/tip-coalescer.ts';
import { createLastSend } from '../domain/groups/last-send.ts';
import type { UserLimits } from '../domain/limits/user-limits.ts';
import { createSendPath } from '../domain/messages/send-path.ts';
import { NoticeSpacing } from '../domain/portal/notice-spacing.ts';
import type { PresenceStore } from '../domain/presence/ports.ts';
import { CallTimers } from '../domain/calls/timers.ts';

/**
 * What the app hands over to build the domain: the ports and settings it chose from the configuration. The
 * per-node state built from them (the send path, the blocklist copy, the pending last send times, the group tip
 * windows, the status notice spacing) is made here.
 */
export interface DomainParts {
  readonly storage: Domain['storage'];
  readonly bus: Domain['bus'];
  readonly clock: Domain['clock'];
  readonly secret: string;
  readonly userSigExpireSeconds: number;
  readonly sessionSeconds: number;
  readonly throttle: Domain['throttle'];
  readonly contentFilter: Domain['contentFilter'];
  readonly onPublishError: (err: unknown) => void;
  readonly presence: PresenceStore;
  /** The per-user limits both send transports apply (rule WS8). */
  readonly sendLimits: UserLimits;
  readonly actionSettings: ActionSettings;
  readonly groupFeatures: GroupFeatures;
  /** Groups per user and the member tip window (ABU22, ABU26). */
  readonly groupLimits: GroupChurnLimits;
  /** The upload ledger's marking of referenced uploads (ABU8); null, stated, for a storage that keeps none. */
  readonly uploadRefs: Domain['uploadRefs'];
}

/** Every part by name: a key of DomainParts missing here is a type error, so the start-up check sees them all. */
const PARTS: Record<keyof DomainParts, true> = {
  storage: true,
  bus: true,
  clock: true,
  secret: true,
  userSigExpireSeconds: true,
  sessionSeconds: true,
  throttle: true,
  contentFilter: true,
  onPublishError: true,
  presence: true,
  sendLimits: true,
  actionSettings: true,
  groupFeatures: true,
  groupLimits: true,
  uploadRefs: true,
};

/**
 * The domain every action receives, built once per app. A missing part fails here, at start-up, with its name,
 * instead of at the first request that needs it (or, worse, through a silent default).
 */
export function buildDomain(parts: DomainParts): Domain {
  // Null is a part the deployment states it has none of (uploadRefs); undefined is one forgotten.
  const missing = (Object.keys(PARTS) as (keyof DomainParts)[]).filter((k) => parts[k] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `Domain wiring: missing ${missing.join(', ')} (app/build-domain.ts needs every part of DomainParts)`,
    );
  }
  const { sendLimits, groupLimits, ...rest } = parts;
  return {
    ...rest,
    sendPath: createSendPath(parts.storage, sendLimits),
    blocks: createBlockCache(parts.storage, parts.bus),
    lastSend: createLastSend(),
    groupChurn: createGroupChurn(groupLimits),
    statusNotices: new NoticeSpacing(),
    callTimers: new CallTimers(),
  };
}
