/** Friend groups (reference §7): a user's named groups of their friends, cached per login like the friend list. */
import { CONTACT_ROUTES as R, type FriendGroup, type FriendGroupResult } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { contactsFeature } from './contact-facade.ts';

type Response<T> = Promise<ChatResponse<T>>;

const clone = <T>(value: T): T => structuredClone(value);

function checkName(api: string, name: unknown, field = 'name'): void {
  assertParams(typeof name === 'string' && name !== '', api, `${field} must be a non-empty string`);
}

function checkMembers(api: string, options: { name?: unknown; userIDList?: unknown }, required: boolean): void {
  assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
  checkName(api, options.name);
  const list = options.userIDList;
  if (!required && list === undefined) return;
  assertParams(
    Array.isArray(list) && list.every((id) => typeof id === 'string') && (!required || list.length > 0),
    api,
    'userIDList must be an array of user IDs',
  );
}

export class FriendGroupPart {
  readonly host: SdkHost;
  #groups: FriendGroup[] | null = null;
  #epoch = 0;

  constructor(host: SdkHost) {
    this.host = host;
  }

  /** Reads the list again; with `emit`, FRIEND_GROUP_LIST_UPDATED follows when it changed. */
  async load(emit: boolean): Promise<FriendGroup[]> {
    const epoch = this.#epoch;
    const { friendGroupList } = await this.host.http.get<{ friendGroupList: FriendGroup[] }>(R.friendGroups);
    if (epoch !== this.#epoch) return friendGroupList;
    const changed = JSON.stringify(friendGroupList) !== JSON.stringify(this.#groups);
    const known = this.#groups !== null;
    this.#groups = friendGroupList;
    if (emit && changed) this.host.emitter.emit(EVENT.FRIEND_GROUP_LIST_UPDATED, clone(friendGroupList));
    // Friends carry their groups (Friend.groupList): a changed membership is a changed friend list.
    if (known && changed) await this.host.part(contactsFeature).contacts.friendsChanged();
    return friendGroupList;
  }

  /** After a push or a reconnect: only a list the application has read is kept up to date. */
  changed(): void {
    if (this.#groups) this.load(true).catch((err: unknown) => this.host.logger.warn('friend groups read failed:', err));
  }

  reset(): void {
    this.#groups = null;
    this.#epoch += 1;
  }

  /**
   * One change on the server, then the lists read again (so this device's events come from the same source, and
   * getFriendList right after the answer shows the friends' new groups).
   */
  async write(route: string, body: Record<string, unknown>): Response<FriendGroupResult> {
    const result = await this.host.http.post<FriendGroupResult>(route, body);
    this.#groups ??= [];
    await this.load(true).catch((err: unknown) => this.host.logger.warn('friend groups read failed:', err));
    // Read after any read already under way (they run one after another), so it sees this change.
    await this.host.part(contactsFeature).contacts.friendsChanged();
    return ok(result);
  }
}

/**
 * getFriendGroupList, createFriendGroup, deleteFriendGroup, addToFriendGroup, removeFromFriendGroup and
 * renameFriendGroup (reference §7; rules CNT15–CNT19), and FRIEND_GROUP_LIST_UPDATED.
 */
export const friendGroupsFeature = defineFeature({
  name: 'friendGroups',
  create: (host: SdkHost): FriendGroupPart => new FriendGroupPart(host),
  methods: {
    getFriendGroupList(): Response<FriendGroup[]> {
      return this.host.guarded('getFriendGroupList', async () => ok(clone(await this.load(false))));
    },
    createFriendGroup(options: { name: string; userIDList?: string[] }): Response<FriendGroupResult> {
      return this.host.guarded('createFriendGroup', () => {
        checkMembers('createFriendGroup', options, false);
        return this.write(R.friendGroups, { name: options.name, userIDList: options.userIDList ?? [] });
      });
    },
    deleteFriendGroup(options: { name: string }): Response<FriendGroupResult> {
      return this.host.guarded('deleteFriendGroup', () => {
        assertParams(typeof options === 'object' && options !== null, 'deleteFriendGroup', 'options must be an object');
        checkName('deleteFriendGroup', options.name);
        return this.write(R.deleteFriendGroup, { name: options.name });
      });
    },
    addToFriendGroup(options: { name: string; userIDList: string[] }): Response<FriendGroupResult> {
      return this.host.guarded('addToFriendGroup', () => {
        checkMembers('addToFriendGroup', options, true);
        return this.write(R.addToFriendGroup, { name: options.name, userIDList: options.userIDList });
      });
    },
    removeFromFriendGroup(options: { name: string; userIDList: string[] }): Response<FriendGroupResult> {
      return this.host.guarded('removeFromFriendGroup', () => {
        checkMembers('removeFromFriendGroup', options, true);
        return this.write(R.removeFromFriendGroup, { name: options.name, userIDList: options.userIDList });
      });
    },
    renameFriendGroup(options: { oldName: string; newName: string }): Response<FriendGroupResult> {
      return this.host.guarded('renameFriendGroup', () => {
        assertParams(typeof options === 'object' && options !== null, 'renameFriendGroup', 'options must be an object');
        checkName('renameFriendGroup', options.oldName, 'oldName');
        checkName('renameFriendGroup', options.newName, 'newName');
        return this.write(R.renameFriendGroup, { oldName: options.oldName, newName: options.newName });
      });
    },
  },
  push: {
    'friend.groups-changed': (part) => part.changed(),
    // A friend deleted leaves every group of mine (CNT17): the groups are read again after the friend list.
    'friend.changed': (part) => part.changed(),
  },
  pushAfter: { 'friend.changed': ['contacts'] },
  refresh: (part) => part.changed(),
  reset: (part) => part.reset(),
});
