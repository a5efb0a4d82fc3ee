import { ChatError } from '../core/errors.ts';

/**
 * The reference's NO_MODULE (2998, "feature module not loaded", reference §13.1): what TIM itself answers when a
 * method's module is not part of the build, so code written for TIM's modular builds already handles it.
 */
export const NOT_YET_CODE = 2998;

/**
 * Reference methods (§2–§8) whose feature Parley has not built yet (decision 0014). Each is installed on
 * ChatSDK's prototype as a stub that rejects with NOT_YET_CODE, but only where the prototype has no method of
 * that name: a feature module that installs the real method (before or after this runs) wins. When a feature
 * lands, docs/COMPATIBILITY.md is corrected and the name may be dropped here; `tests/compat/table.test.ts` says
 * which. Stubs have no TypeScript declaration on ChatSDK, so typed code gets a compile error naming the feature.
 */
export const NOT_YET_METHODS = [
  // §3 messages
  'createImageMessage',
  'createAudioMessage',
  'createVideoMessage',
  'createFileMessage',
  'createFaceMessage',
  'createLocationMessage',
  'createMergerMessage',
  'createForwardMessage',
  'downloadMergerMessage',
  'revokeMessage',
  'deleteMessage',
  'modifyMessage',
  'setAllMessageRead',
  'setMessageExtensions',
  'getMessageExtensions',
  'deleteMessageExtensions',
  'addMessageReaction',
  'removeMessageReaction',
  'getMessageReactions',
  'getAllUserListOfMessageReaction',
  'translateText',
  'convertVoiceToText',
  // §4 conversations
  'setAllReceiveMessageOpt',
  'getAllReceiveMessageOpt',
  // §5 groups: counters, communities and topics, member fields and marks
  'setGroupCounters',
  'increaseGroupCounter',
  'decreaseGroupCounter',
  'getGroupCounters',
  'getJoinedCommunityList',
  'createTopicInCommunity',
  'deleteTopicFromCommunity',
  'updateTopicProfile',
  'getTopicList',
  'setGroupMemberCustomField',
  'markGroupMemberList',
  // §6 blocklist and user status
  'getBlacklist',
  'addToBlacklist',
  'removeFromBlacklist',
  'setSelfStatus',
  'getUserStatus',
  'subscribeUserStatus',
  'unsubscribeUserStatus',
  // §7 friends, follow, cloud search
  'getFriendList',
  'addFriend',
  'deleteFriend',
  'checkFriend',
  'getFriendProfile',
  'updateFriend',
  'getFriendApplicationList',
  'acceptFriendApplication',
  'refuseFriendApplication',
  'deleteFriendApplication',
  'setFriendApplicationRead',
  'followUser',
  'unfollowUser',
  'getMyFollowersList',
  'getMyFollowingList',
  'getMutualFollowersList',
  'getUserFollowInfo',
  'checkFollowType',
  // §8 signalling is the calls feature's (decision 0038); cloud search is the search feature's (decision 0040)
] as const;

export type NotYetMethod = (typeof NOT_YET_METHODS)[number];

const stubs = new WeakSet<object>();

export function notYetError(method: string): ChatError {
  return new ChatError(
    NOT_YET_CODE,
    `${method} is not available on Parley yet: its feature is not built (see docs/COMPATIBILITY.md) | ${method} | NO_MODULE`,
  );
}

/** A stub for `method`: never throws synchronously, always a rejected promise naming the method. */
function stubFor(method: string): (...args: unknown[]) => Promise<never> {
  const holder = {
    [method]: (..._args: unknown[]): Promise<never> => Promise.reject(notYetError(method)),
  };
  const stub = holder[method] as (...args: unknown[]) => Promise<never>;
  stubs.add(stub);
  return stub;
}

/** Installs a stub for every not-yet method the prototype lacks; a method already there is left alone. */
export function installNotYet(proto: object): void {
  const target = proto as Record<string, unknown>;
  for (const method of NOT_YET_METHODS) {
    if (typeof target[method] === 'function') continue;
    Object.defineProperty(proto, method, { value: stubFor(method), writable: true, configurable: true });
  }
}

/** True when `holder[method]` is a method that does something: present and not a not-yet stub. */
export function isBuilt(holder: object, method: string): boolean {
  const fn = (holder as Record<string, unknown>)[method];
  return typeof fn === 'function' && !stubs.has(fn);
}

/** True when `holder[method]` is a not-yet stub. */
export function isNotYet(holder: object, method: string): boolean {
  const fn = (holder as Record<string, unknown>)[method];
  return typeof fn === 'function' && stubs.has(fn);
}
