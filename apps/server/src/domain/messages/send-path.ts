import type { UserLimits } from '../limits/user-limits.ts';
import type { Meter } from '../metrics/ports.ts';
import type { Storage } from '../ports.ts';
import { PageCache } from './page-cache.ts';
import { SendWriter } from './writer.ts';

/** The per-server state of the send path: one writer (group commit) and one page cache, built with the domain. */
export interface SendPath {
  readonly writer: SendWriter;
  readonly pages: PageCache;
  /** The per-user limits every send transport applies (HTTP and WebSocket alike, rule WS8). */
  readonly limits: UserLimits;
}

/** The app builds one per domain (app/build-domain.ts); the HTTP routes and the push socket share its limits. */
export function createSendPath(storage: Pick<Storage, 'sends'>, limits: UserLimits, meter: Meter): SendPath {
  return { writer: new SendWriter(storage.sends, meter), pages: new PageCache(), limits };
}

/**
 * Call after changing a stored message in place (modify, revoke, delete for everyone) on this node: the cached
 * newest page of its conversation is dropped (rule HIST4). `conversationKey` is the stored conversation ID
 * (`c2c:a|b`), not a member's view ID.
 */
export function invalidateConversationPages(d: { readonly sendPath: SendPath }, conversationKey: string): void {
  d.sendPath.pages.invalidate(conversationKey);
}
