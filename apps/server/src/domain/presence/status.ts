import {
  CONTACT_LIMITS,
  ERRORS,
  type FailureList,
  ParleyError,
  type StatusQueryResult,
  USER_STATUS,
  type UserStatus,
} from '@parley/protocol';
import type { BusEvent } from '@parley/protocol';
import { type Domain, userTopic } from '../context.ts';
import { blockedBy, blockersAmong } from '../contacts/block-cache.ts';

const statusOf = (userID: string, online: boolean, customStatus: string): UserStatus => ({
  userID,
  statusType: online ? USER_STATUS.ONLINE : USER_STATUS.OFFLINE,
  customStatus,
});

/**
 * USER_STATUS_UPDATED for everyone subscribed to the user (CNT11), with the version that orders them; never to a user
 * they blocked (ABU13), whether the subscription came before the block or after.
 */
export async function publishStatus(d: Domain, status: UserStatus, version: number): Promise<void> {
  const blocked = await blockedBy(d, status.userID);
  const subscribers = (await d.storage.contacts.subscribersOf(status.userID)).filter((s) => !blocked.has(s));
  const event = { type: 'user.status', status, version } as const satisfies BusEvent;
  await Promise.all(subscribers.map((s) => d.bus.publish(userTopic(s), event).catch(d.onPublishError)));
}

const notFound = (userID: string) => ({
  userID,
  code: ERRORS.ACCOUNT_NOT_FOUND.code,
  message: ERRORS.ACCOUNT_NOT_FOUND.message,
});

/**
 * getUserStatus (CNT10): statusType 1 online (a live socket on any node), 2 offline; unknown users fail. A user who
 * blocked the caller is answered as offline with no custom status (ABU13), as any offline user is.
 */
export async function getUserStatus(d: Domain, me: string, userIDs: readonly string[]): Promise<StatusQueryResult> {
  const ids = [...new Set(userIDs)];
  const existing = await d.storage.accounts.existing(ids);
  const known = ids.filter((id) => existing.has(id));
  const hidden = await blockersAmong(d, me, known);
  const presence = await d.presence.statuses(known.filter((id) => !hidden.has(id)));
  return {
    successUserList: known.map((id) => {
      const p = presence.get(id);
      return statusOf(id, p?.online ?? false, p?.customStatus ?? '');
    }),
    failureUserList: ids.filter((id) => !existing.has(id)).map(notFound),
  };
}

/**
 * subscribeUserStatus (CNT12): subscriptions are kept on the server per user (every device of the subscriber gets
 * the updates, and they survive reconnects), at most 200 users in all; a call that would pass that changes nothing.
 */
export async function subscribeUserStatus(d: Domain, me: string, userIDs: readonly string[]): Promise<FailureList> {
  const ids = [...new Set(userIDs)];
  const existing = await d.storage.accounts.existing(ids);
  const failureUserList = ids
    .filter((id) => !existing.has(id) || id === me)
    .map((id) =>
      id === me
        ? { userID: id, code: ERRORS.INVALID_PARAMS.code, message: 'You cannot subscribe to yourself' }
        : notFound(id),
    );
  const wanted = ids.filter((id) => existing.has(id) && id !== me);
  await d.storage.transaction(async (tx) => {
    const current = new Set(await tx.contacts.subscriptions(me));
    const added = wanted.filter((id) => !current.has(id));
    if (current.size + added.length > CONTACT_LIMITS.statusSubscriptions)
      throw ParleyError.of('STATUS_SUBSCRIPTION_LIMIT');
    await tx.contacts.subscribe(me, added);
  });
  return { failureUserList };
}

export async function unsubscribeUserStatus(d: Domain, me: string, userIDs?: readonly string[]): Promise<FailureList> {
  await d.storage.contacts.unsubscribe(me, userIDs ? [...new Set(userIDs)] : undefined);
  return { failureUserList: [] };
}

/** setSelfStatus (CNT13): the custom status lasts while the user is online; subscribers hear of it. */
export async function setSelfStatus(d: Domain, me: string, customStatus: string): Promise<UserStatus> {
  if (Buffer.byteLength(customStatus, 'utf8') > CONTACT_LIMITS.customStatusBytes) {
    throw ParleyError.of('INVALID_PARAMS', `customStatus is longer than ${CONTACT_LIMITS.customStatusBytes} bytes`);
  }
  // Subscribers read it: filtered as a message is (ABU18).
  if (d.contentFilter.blocks(customStatus)) throw ParleyError.of('PROHIBITED_CONTENT');
  const change = await d.presence.setCustomStatus(me, customStatus);
  await publishStatus(d, statusOf(me, change.online, customStatus), change.version);
  return statusOf(me, true, customStatus);
}

export { statusOf };
