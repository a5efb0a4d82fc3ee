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
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { ContactFeature } from './contact-feature.ts';
import type { AddFriendOptions, UserIDListOptions } from './contact-params.ts';

type Response<T> = Promise<ChatResponse<T>>;
type Ok = Response<Record<string, never>>;

export interface ContactPart {
  readonly host: SdkHost;
  readonly contacts: ContactFeature;
}

function createPart(host: SdkHost): ContactPart {
  const { live } = host;
  const contacts = new ContactFeature({
    http: host.http,
    emitter: host.emitter,
    logger: host.logger,
    me: host.me,
    peerProfileChanged: (profile) => live.conversations.peerProfileChanged(profile),
  });
  // Others' profiles arrive as PROFILE_UPDATED (the profile feature's push); the friend list and conversations follow.
  host.emitter.on(EVENT.PROFILE_UPDATED, (event: { data?: unknown }) => {
    for (const profile of Array.isArray(event.data) ? event.data : []) contacts.profileChanged(profile);
  });
  return { host, contacts };
}

/**
 * Contacts (reference §6, §7): the relationship chain, friend requests, the blocklist and user status. Lists are
 * cached per login and read again after every reconnect and after each change the server pushes.
 */
export const contactsFeature = defineFeature({
  name: 'contacts',
  create: createPart,
  methods: {
    getFriendList(): Response<Friend[]> {
      return this.host.guarded('getFriendList', () => this.contacts.getFriendList());
    },
    getFriendProfile(options: UserIDListOptions) {
      return this.host.guarded('getFriendProfile', () => this.contacts.getFriendProfile(options));
    },
    addFriend(options: AddFriendOptions): Response<{ userID: string; code: number; message: string }> {
      return this.host.guarded('addFriend', () => this.contacts.addFriend(options));
    },
    deleteFriend(options: UserIDListOptions & { type?: string }): Response<DeleteFriendsResult> {
      return this.host.guarded('deleteFriend', () => this.contacts.deleteFriend(options));
    },
    checkFriend(options: UserIDListOptions & { type?: string }): Response<CheckFriendsResult> {
      return this.host.guarded('checkFriend', () => this.contacts.checkFriend(options));
    },
    updateFriend(options: { userID: string; remark?: string }): Response<Friend> {
      return this.host.guarded('updateFriend', () => this.contacts.updateFriend(options));
    },
    getFriendApplicationList(): Response<FriendApplicationList> {
      return this.host.guarded('getFriendApplicationList', () => this.contacts.getFriendApplicationList());
    },
    acceptFriendApplication(options: { userID: string; remark?: string; type?: string }) {
      return this.host.guarded('acceptFriendApplication', () => this.contacts.acceptFriendApplication(options));
    },
    refuseFriendApplication(options: { userID: string }) {
      return this.host.guarded('refuseFriendApplication', () => this.contacts.refuseFriendApplication(options));
    },
    deleteFriendApplication(options: { userID: string; type: string }): Ok {
      return this.host.guarded('deleteFriendApplication', () => this.contacts.deleteFriendApplication(options));
    },
    setFriendApplicationRead(): Ok {
      return this.host.guarded('setFriendApplicationRead', () => this.contacts.setFriendApplicationRead());
    },
    getBlacklist(): Response<string[]> {
      return this.host.guarded('getBlacklist', () => this.contacts.getBlacklist());
    },
    addToBlacklist(options: UserIDListOptions): Response<string[]> {
      return this.host.guarded('addToBlacklist', () => this.contacts.addToBlacklist(options));
    },
    removeFromBlacklist(options: UserIDListOptions): Response<string[]> {
      return this.host.guarded('removeFromBlacklist', () => this.contacts.removeFromBlacklist(options));
    },
    getUserStatus(options: UserIDListOptions): Response<StatusQueryResult> {
      return this.host.guarded('getUserStatus', () => this.contacts.getUserStatus(options));
    },
    subscribeUserStatus(options: UserIDListOptions): Response<FailureList> {
      return this.host.guarded('subscribeUserStatus', () => this.contacts.subscribeUserStatus(options));
    },
    unsubscribeUserStatus(options?: { userIDList?: string[] }): Response<FailureList> {
      return this.host.guarded('unsubscribeUserStatus', () => this.contacts.unsubscribeUserStatus(options));
    },
    setSelfStatus(options: { customStatus?: string }): Response<UserStatus> {
      return this.host.guarded('setSelfStatus', () => this.contacts.setSelfStatus(options));
    },
  },
  push: {
    'friend.changed': (part) => part.contacts.friendsChanged(),
    'friend.application-changed': (part) => part.contacts.applicationsChanged(),
    'blacklist.changed': (part, event) => part.contacts.blacklistChanged(event),
    'user.status': (part, event) => part.contacts.statusChanged(event),
  },
  refresh: (part) => part.contacts.refresh(),
  reset: (part) => part.contacts.reset(),
});
