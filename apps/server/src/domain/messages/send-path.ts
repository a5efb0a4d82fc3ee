import type { Domain } from '../context.ts';
import type { UserLimits } from '../limits/user-limits.ts';
import { PageCache } from './page-cache.ts';
import { SendWriter } from './writer.ts';

/** The per-server state of the send path: one writer (group commit) and one page cache per storage. */
export interface SendPath {
  readonly writer: SendWriter;
  readonly pages: PageCache;
  /** The per-user limits every send transport applies (HTTP and WebSocket alike, rule WS8). */
  limits: UserLimits | undefined;
}

const paths = new WeakMap<object, SendPath>();

export function sendPathOf(d: Pick<Domain, 'storage'>): SendPath {
  let path = paths.get(d.storage);
  if (!path) {
    path = { writer: new SendWriter(d.storage.sends), pages: new PageCache(), limits: undefined };
    paths.set(d.storage, path);
  }
  return path;
}

/** The transports share one set of per-user limits; the HTTP routes register theirs when they are built. */
export function useSendLimits(d: Pick<Domain, 'storage'>, limits: UserLimits): void {
  sendPathOf(d).limits = limits;
}

/**
 * Call after changing a stored message in place (modify, revoke, delete for everyone) on this node: the cached
 * newest page of its conversation is dropped (rule HIST4). `conversationKey` is the stored conversation ID
 * (`c2c:a|b`), not a member's view ID.
 */
export function invalidateConversationPages(d: Pick<Domain, 'storage'>, conversationKey: string): void {
  sendPathOf(d).pages.invalidate(conversationKey);
}
