import {
  CONTACT_LIMITS as L,
  type CheckFriendsResult,
  type DeleteFriendsResult,
  type FailureList,
  type Friend,
  type FriendApplicationList,
  type Profile,
  type PushEventOf,
  type StatusQueryResult,
  USER_STATUS,
  type UserStatus,
} from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import { ContactClient } from './contact-client.ts';
import {
  type AddFriendOptions,
  checkAccept,
  checkAddFriend,
  checkCheckFriend,
  checkDeleteApplication,
  checkDeleteFriend,
  checkUserID,
  idList,
} from './contact-params.ts';

export interface ContactDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  me: () => string;
  /** A peer's profile changed: their one-to-one conversation shows it. */
  peerProfileChanged: (profile: Profile) => void;
}

type Response<T> = Promise<ChatResponse<T>>;
const clone = <T>(v: T): T => structuredClone(v);

/**
 * Friends, friend requests, the blocklist and user status (reference §6, §7). Lists are cached per login, read again
 * after every reconnect and after each change pushed by the server; each read emits its event with the full list.
 */
export class ContactFeature {
  readonly #deps: ContactDeps;
  readonly #client: ContactClient;
  #friends: Friend[] | null = null;
  #applications: FriendApplicationList | null = null;
  #blacklist: string[] | null = null;
  /** Last status version per user (CNT11): an older push is dropped. */
  readonly #versions = new Map<string, number>();
  readonly #statuses = new Map<string, UserStatus>();
  readonly #subscribed = new Set<string>();
  #myStatus = '';
  #epoch = 0;
  readonly #running = new Map<string, Promise<void>>();

  constructor(deps: ContactDeps) {
    this.#deps = deps;
    this.#client = new ContactClient(deps.http);
  }

  // Friends

  getFriendList(): Response<Friend[]> {
    return (async () => {
      if (!this.#friends) await this.#refreshFriends(false);
      return ok(clone(this.#friends ?? []));
    })();
  }

  getFriendProfile(options: {
    userIDList: string[];
  }): Response<{ friendList: Friend[]; failureUserIDList: { userID: string; code: number }[] }> {
    const ids = idList('getFriendProfile', options, L.checkBatch) as string[];
    return (async () => {
      if (!this.#friends) await this.#refreshFriends(false);
      const byID = new Map((this.#friends ?? []).map((f) => [f.userID, f]));
      return ok({
        friendList: clone(ids.flatMap((id) => byID.get(id) ?? [])),
        failureUserIDList: ids.filter((id) => !byID.has(id)).map((userID) => ({ userID, code: 31704 })),
      });
    })();
  }

  addFriend(options: AddFriendOptions): Response<{ userID: string; code: number; message: string }> {
    checkAddFriend(options);
    const body: Record<string, unknown> = { to: options.to, source: options.source };
    return (async () => {
      for (const key of ['wording', 'type', 'remark', 'groupName'] as const)
        if (options[key] !== undefined) body[key] = options[key];
      const result = await this.#client.addFriend(body);
      await Promise.all([this.#refreshFriends(true), this.#refreshApplications(true)]);
      return ok(result);
    })();
  }

  deleteFriend(options: { userIDList: string[]; type?: string }): Response<DeleteFriendsResult> {
    const ids = checkDeleteFriend(options);
    return (async () => {
      if (ids.length === 0) return ok({ successUserIDList: [], failureUserIDList: [] });
      const result = await this.#client.deleteFriends(
        options.type ? { userIDList: ids, type: options.type } : { userIDList: ids },
      );
      await this.#refreshFriends(true);
      return ok(result);
    })();
  }

  checkFriend(options: { userIDList: string[]; type?: string }): Response<CheckFriendsResult> {
    const ids = checkCheckFriend(options);
    return (async () => {
      if (ids.length === 0) return ok({ successUserIDList: [], failureUserIDList: [] });
      return ok(
        await this.#client.checkFriends(options.type ? { userIDList: ids, type: options.type } : { userIDList: ids }),
      );
    })();
  }

  updateFriend(options: { userID: string; remark?: string }): Response<Friend> {
    checkUserID('updateFriend', options);
    assertParams(typeof options.remark === 'string', 'updateFriend', 'remark must be a string');
    return (async () => {
      const friend = await this.#client.updateFriend(options.userID, options.remark ?? '');
      await this.#refreshFriends(true);
      return ok(friend);
    })();
  }

  // Friend requests

  getFriendApplicationList(): Response<FriendApplicationList> {
    return (async () => {
      if (!this.#applications) await this.#refreshApplications(false);
      return ok(clone(this.#applications ?? { friendApplicationList: [], unreadCount: 0 }));
    })();
  }

  acceptFriendApplication(options: { userID: string; remark?: string; type?: string }): Response<{ userID: string }> {
    checkAccept(options);
    return (async () => {
      const result = await this.#client.accept({ ...options });
      await Promise.all([this.#refreshFriends(true), this.#refreshApplications(true)]);
      return ok(result);
    })();
  }

  refuseFriendApplication(options: { userID: string }): Response<{ userID: string }> {
    checkUserID('refuseFriendApplication', options);
    return (async () => {
      const result = await this.#client.refuse(options.userID);
      await this.#refreshApplications(true);
      return ok(result);
    })();
  }

  deleteFriendApplication(options: { userID: string; type: string }): Response<Record<string, never>> {
    checkDeleteApplication(options);
    return (async () => {
      await this.#client.deleteApplication({ userID: options.userID, type: options.type });
      await this.#refreshApplications(true);
      return ok({});
    })();
  }

  setFriendApplicationRead(): Response<Record<string, never>> {
    return (async () => {
      await this.#client.readApplications();
      await this.#refreshApplications(true);
      return ok({});
    })();
  }

  // Blocklist

  getBlacklist(): Response<string[]> {
    return (async () => {
      this.#blacklist ??= (await this.#client.blacklist()).blacklist;
      return ok([...this.#blacklist]);
    })();
  }

  addToBlacklist(options: { userIDList: string[] }): Response<string[]> {
    const ids = idList('addToBlacklist', options, L.blacklistBatch) as string[];
    return (async () => {
      if (ids.includes(this.#deps.me())) throw ChatError.from('CANNOT_ADD_SELF_TO_BLACKLIST');
      if (ids.length === 0) return this.getBlacklist();
      this.#setBlacklist((await this.#client.block(ids)).blacklist);
      // Blocking ends a friendship (CNT7): the friend list follows.
      await this.#refreshFriends(true);
      return ok([...(this.#blacklist ?? [])]);
    })();
  }

  removeFromBlacklist(options: { userIDList: string[] }): Response<string[]> {
    const ids = idList('removeFromBlacklist', options, L.blacklistBatch) as string[];
    return (async () => {
      if (ids.length === 0) return this.getBlacklist();
      this.#setBlacklist((await this.#client.unblock(ids)).blacklist);
      return ok([...(this.#blacklist ?? [])]);
    })();
  }

  // User status (seed 001 §5: calls with an empty list are skipped)

  getUserStatus(options: { userIDList: string[] }): Response<StatusQueryResult> {
    const ids = idList('getUserStatus', options, L.statusQuery) as string[];
    const me = this.#deps.me();
    const others = ids.filter((id) => id !== me);
    return (async () => {
      const answer: StatusQueryResult =
        others.length > 0 ? await this.#client.statuses(others) : { successUserList: [], failureUserList: [] };
      for (const s of answer.successUserList) this.#statuses.set(s.userID, s);
      // My own status is answered here (reference §6): I am online while I can ask.
      const mine = ids.includes(me)
        ? [{ userID: me, statusType: USER_STATUS.ONLINE, customStatus: this.#myStatus }]
        : [];
      return ok({ successUserList: [...mine, ...answer.successUserList], failureUserList: answer.failureUserList });
    })();
  }

  subscribeUserStatus(options: { userIDList: string[] }): Response<FailureList> {
    const ids = idList('subscribeUserStatus', options, L.statusSubscribe) as string[];
    return (async () => {
      if (ids.length === 0) return ok({ failureUserList: [] });
      const result = await this.#client.subscribe(ids);
      const failed = new Set(result.failureUserList.map((f) => f.userID));
      for (const id of ids) if (!failed.has(id)) this.#subscribed.add(id);
      return ok(result);
    })();
  }

  unsubscribeUserStatus(options?: { userIDList?: string[] }): Response<FailureList> {
    const ids = idList('unsubscribeUserStatus', options, L.statusSubscribe, false);
    return (async () => {
      if (ids?.length === 0) return ok({ failureUserList: [] });
      const result = await this.#client.unsubscribe(ids);
      if (ids) for (const id of ids) this.#subscribed.delete(id);
      else this.#subscribed.clear();
      return ok(result);
    })();
  }

  setSelfStatus(options: { customStatus?: string }): Response<UserStatus> {
    assertParams(typeof options === 'object' && options !== null, 'setSelfStatus', 'options must be an object');
    assertParams(typeof options.customStatus === 'string', 'setSelfStatus', 'customStatus must be a string');
    return (async () => {
      const status = await this.#client.setSelfStatus(options.customStatus ?? '');
      this.#myStatus = status.customStatus;
      return ok(status);
    })();
  }

  // Lifecycle and pushes

  /**
   * After every reconnect (push is a hint): the lists this login has read so far, and the statuses subscribed to, are
   * read again. Nothing is read at login (decision 0009: the first screen costs two round trips); a list is first
   * read when the app asks for it or when the server says it changed.
   */
  refresh(): void {
    if (this.#friends) void this.#refreshFriends(true);
    if (this.#applications) void this.#refreshApplications(true);
    if (this.#blacklist) void this.#refreshBlacklist();
    void this.#refreshStatuses();
  }

  /** `friend.changed`: my friend list changed (a friend group's change too: friends carry their groupList). */
  friendsChanged(): Promise<void> {
    return this.#refreshFriends(true);
  }

  /** `friend.application-changed`: my friend application list changed. */
  applicationsChanged(): void {
    void this.#refreshApplications(true);
  }

  /** `blacklist.changed`: my blocklist changed on another device. */
  blacklistChanged(event: PushEventOf<'blacklist.changed'>): void {
    if (Array.isArray(event.blacklist)) this.#setBlacklist(event.blacklist);
  }

  /** `user.status`: a subscribed user's status; an older version than one seen is dropped (CNT11). */
  statusChanged(event: PushEventOf<'user.status'>): void {
    this.#status(event.status, Number(event.version));
  }

  /** A profile pushed by the server: a friend's shows in the friend list, a peer's in the conversation. */
  profileChanged(profile: Profile): void {
    if (profile.userID === this.#deps.me()) return;
    this.#deps.peerProfileChanged(profile);
    const i = this.#friends?.findIndex((f) => f.userID === profile.userID) ?? -1;
    if (!this.#friends || i < 0) return;
    this.#friends = this.#friends.map((f, j) => (j === i ? { ...f, profile } : f));
    this.#deps.emitter.emit(EVENT.FRIEND_LIST_UPDATED, clone(this.#friends));
  }

  reset(): void {
    this.#epoch += 1;
    this.#friends = null;
    this.#applications = null;
    this.#blacklist = null;
    this.#versions.clear();
    this.#statuses.clear();
    this.#subscribed.clear();
    this.#myStatus = '';
    this.#running.clear();
  }

  #status(status: UserStatus | undefined, version: number): void {
    if (!status || typeof status.userID !== 'string') return;
    const seen = this.#versions.get(status.userID) ?? 0;
    if (Number.isFinite(version) && version <= seen) return;
    if (Number.isFinite(version)) this.#versions.set(status.userID, version);
    this.#statuses.set(status.userID, status);
    this.#deps.emitter.emit(EVENT.USER_STATUS_UPDATED, [clone(status)]);
  }

  #setBlacklist(list: string[]): void {
    const changed = JSON.stringify(list) !== JSON.stringify(this.#blacklist);
    this.#blacklist = [...list];
    if (changed) this.#deps.emitter.emit(EVENT.BLACKLIST_UPDATED, [...list]);
  }

  /** One read at a time per list; a call while one runs waits for it and then reads once more. */
  #once(key: string, read: () => Promise<void>): Promise<void> {
    const running = this.#running.get(key);
    const next = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(read)
      .finally(() => {
        if (this.#running.get(key) === next) this.#running.delete(key);
      });
    this.#running.set(key, next);
    return next;
  }

  #refreshFriends(emit: boolean): Promise<void> {
    const epoch = this.#epoch;
    return this.#once('friends', async () => {
      const { friendList } = await this.#client.friends();
      if (epoch !== this.#epoch) return;
      const changed = JSON.stringify(friendList) !== JSON.stringify(this.#friends);
      this.#friends = friendList;
      if (emit && changed) this.#deps.emitter.emit(EVENT.FRIEND_LIST_UPDATED, clone(friendList));
    }).catch((err: unknown) => this.#deps.logger.warn('friend list read failed:', err));
  }

  #refreshApplications(emit: boolean): Promise<void> {
    const epoch = this.#epoch;
    return this.#once('applications', async () => {
      const list = await this.#client.applications();
      if (epoch !== this.#epoch) return;
      const changed = JSON.stringify(list) !== JSON.stringify(this.#applications);
      this.#applications = list;
      if (emit && changed) this.#deps.emitter.emit(EVENT.FRIEND_APPLICATION_LIST_UPDATED, clone(list));
    }).catch((err: unknown) => this.#deps.logger.warn('friend application list read failed:', err));
  }

  #refreshBlacklist(): Promise<void> {
    const epoch = this.#epoch;
    return this.#once('blacklist', async () => {
      const { blacklist } = await this.#client.blacklist();
      if (epoch === this.#epoch) this.#setBlacklist(blacklist);
    }).catch((err: unknown) => this.#deps.logger.warn('blacklist read failed:', err));
  }

  /** After a reconnect, statuses I subscribed to may have changed unheard: read them, tell what differs. */
  #refreshStatuses(): Promise<void> {
    const ids = [...this.#subscribed];
    if (ids.length === 0) return Promise.resolve();
    const epoch = this.#epoch;
    return this.#client
      .statuses(ids)
      .then(({ successUserList }) => {
        if (epoch !== this.#epoch) return;
        const changed = successUserList.filter(
          (s) => JSON.stringify(this.#statuses.get(s.userID)) !== JSON.stringify(s),
        );
        for (const s of changed) this.#statuses.set(s.userID, s);
        if (changed.length > 0) this.#deps.emitter.emit(EVENT.USER_STATUS_UPDATED, clone(changed));
      })
      .catch((err: unknown) => this.#deps.logger.warn('user status read failed:', err));
  }
}
