import type {
  CheckFriendsResult,
  DeleteFriendsResult,
  FailureList,
  Friend,
  FriendApplicationList,
  StatusQueryResult,
  UserStatus,
} from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { ChatResponse } from '../core/errors.ts';
import type { Emitter } from '../core/emitter.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { LiveSession } from '../sync/live-session.ts';
import { ContactFeature } from './contact-feature.ts';
import type { AddFriendOptions, UserIDListOptions } from './contact-params.ts';

/** What the facade needs from the ChatSDK instance it is installed on. */
interface ContactHost {
  guarded<T>(api: string, fn: () => Promise<T>): Promise<T>;
  feature: ContactFeature;
}

const hosts = new WeakMap<object, ContactHost>();

function guarded<T>(sdk: object, api: string, fn: (f: ContactFeature) => Promise<T>): Promise<T> {
  const host = hosts.get(sdk);
  if (!host) throw new TypeError('not a ChatSDK instance');
  return host.guarded(api, () => fn(host.feature));
}

type Response<T> = Promise<ChatResponse<T>>;
type Ok = Response<Record<string, never>>;

/**
 * The relationship-chain, blocklist and user-status methods of ChatSDK (reference §6, §7), installed on its
 * prototype so chat.ts does not grow (GUIDE §5.9). Each is one line: guard, delegate.
 */
export const contactMethods = {
  getFriendList(this: object): Response<Friend[]> {
    return guarded(this, 'getFriendList', (f) => f.getFriendList());
  },
  getFriendProfile(this: object, options: UserIDListOptions) {
    return guarded(this, 'getFriendProfile', (f) => f.getFriendProfile(options));
  },
  addFriend(this: object, options: AddFriendOptions): Response<{ userID: string; code: number; message: string }> {
    return guarded(this, 'addFriend', (f) => f.addFriend(options));
  },
  deleteFriend(this: object, options: UserIDListOptions & { type?: string }): Response<DeleteFriendsResult> {
    return guarded(this, 'deleteFriend', (f) => f.deleteFriend(options));
  },
  checkFriend(this: object, options: UserIDListOptions & { type?: string }): Response<CheckFriendsResult> {
    return guarded(this, 'checkFriend', (f) => f.checkFriend(options));
  },
  updateFriend(this: object, options: { userID: string; remark?: string }): Response<Friend> {
    return guarded(this, 'updateFriend', (f) => f.updateFriend(options));
  },
  getFriendApplicationList(this: object): Response<FriendApplicationList> {
    return guarded(this, 'getFriendApplicationList', (f) => f.getFriendApplicationList());
  },
  acceptFriendApplication(this: object, options: { userID: string; remark?: string; type?: string }) {
    return guarded(this, 'acceptFriendApplication', (f) => f.acceptFriendApplication(options));
  },
  refuseFriendApplication(this: object, options: { userID: string }) {
    return guarded(this, 'refuseFriendApplication', (f) => f.refuseFriendApplication(options));
  },
  deleteFriendApplication(this: object, options: { userID: string; type: string }): Ok {
    return guarded(this, 'deleteFriendApplication', (f) => f.deleteFriendApplication(options));
  },
  setFriendApplicationRead(this: object): Ok {
    return guarded(this, 'setFriendApplicationRead', (f) => f.setFriendApplicationRead());
  },
  getBlacklist(this: object): Response<string[]> {
    return guarded(this, 'getBlacklist', (f) => f.getBlacklist());
  },
  addToBlacklist(this: object, options: UserIDListOptions): Response<string[]> {
    return guarded(this, 'addToBlacklist', (f) => f.addToBlacklist(options));
  },
  removeFromBlacklist(this: object, options: UserIDListOptions): Response<string[]> {
    return guarded(this, 'removeFromBlacklist', (f) => f.removeFromBlacklist(options));
  },
  getUserStatus(this: object, options: UserIDListOptions): Response<StatusQueryResult> {
    return guarded(this, 'getUserStatus', (f) => f.getUserStatus(options));
  },
  subscribeUserStatus(this: object, options: UserIDListOptions): Response<FailureList> {
    return guarded(this, 'subscribeUserStatus', (f) => f.subscribeUserStatus(options));
  },
  unsubscribeUserStatus(this: object, options?: { userIDList?: string[] }): Response<FailureList> {
    return guarded(this, 'unsubscribeUserStatus', (f) => f.unsubscribeUserStatus(options));
  },
  setSelfStatus(this: object, options: { customStatus?: string }): Response<UserStatus> {
    return guarded(this, 'setSelfStatus', (f) => f.setSelfStatus(options));
  },
};

export type ContactMethods = typeof contactMethods;

export interface ContactInstallDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  me: () => string;
  guarded: ContactHost['guarded'];
}

/** Builds the contact feature for one ChatSDK, wires it to the live session and registers its facade host. */
export function installContacts(sdk: object, live: LiveSession, deps: ContactInstallDeps): ContactFeature {
  const feature = new ContactFeature({
    http: deps.http,
    emitter: deps.emitter,
    logger: deps.logger,
    me: deps.me,
    peerProfileChanged: (profile) => live.conversations.peerProfileChanged(profile),
  });
  live.contactEvents = feature;
  // Others' profiles arrive as PROFILE_UPDATED (push-handler); the friend list and conversations follow.
  deps.emitter.on(EVENT.PROFILE_UPDATED, (event: { data?: unknown }) => {
    for (const profile of Array.isArray(event.data) ? event.data : []) feature.profileChanged(profile);
  });
  hosts.set(sdk, { guarded: deps.guarded, feature });
  return feature;
}
