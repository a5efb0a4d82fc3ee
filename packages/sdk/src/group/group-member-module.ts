import { LIMITS } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { type CustomField, type Group, type GroupMember, keepFields, toGroup, toGroupMember } from './group.ts';
import type { GroupClient } from './group-client.ts';
import { groupError } from './group-errors.ts';
import {
  checkMemberCustomField,
  checkMemberList,
  checkMuteTime,
  checkNameCard,
  checkSetRole,
  checkUserIDList,
  type GetGroupMemberListOptions,
  type MemberProfileOptions,
} from './group-params.ts';
import type { GroupStore } from './group-store.ts';

export interface MemberListResult {
  memberList: GroupMember[];
  /** The next page's offset; 0 when this was the last page (TIM). */
  offset: number;
}

export interface AddMemberResult {
  successUserIDList: string[];
  failureUserIDList: string[];
  existedUserIDList: string[];
  overLimitUserIDList: string[];
  /** Invited and waiting for their consent (inviteOption NeedPermission, GRP23); Parley's addition. */
  pendingUserIDList: string[];
  group: Group;
}

interface Deps {
  client: GroupClient;
  store: GroupStore;
  me: () => string;
}

type Response<T> = Promise<ChatResponse<T>>;
type MemberResult = Response<{ group: Group; member: GroupMember }>;

/** TIM's default page (reference §5.1); the maximum is seed 001's 100. */
const DEFAULT_MEMBER_PAGE = 15;

/** Group member APIs (reference §5.1). Every permission is the server's to check. */
export class GroupMemberModule {
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  getGroupMemberList(options: GetGroupMemberListOptions): Response<MemberListResult> {
    checkMemberList(options);
    const count = Math.min(options.count ?? DEFAULT_MEMBER_PAGE, LIMITS.groupMemberPage);
    return this.#deps.client
      .memberList(options.groupID, count, options.offset ?? 0)
      .then((res) => ok({ memberList: res.memberList.map(toGroupMember), offset: res.offset }));
  }

  getGroupMemberProfile(options: MemberProfileOptions): Response<{ memberList: GroupMember[] }> {
    checkUserIDList('getGroupMemberProfile', options, 50);
    const filter = options.memberCustomFieldFilter;
    assertParams(
      filter === undefined || (Array.isArray(filter) && filter.every((k) => typeof k === 'string')),
      'getGroupMemberProfile',
      'memberCustomFieldFilter must be a list of keys',
    );
    return this.#deps.client.memberProfiles(options.groupID, options.userIDList).then((res) =>
      ok({
        memberList: res.memberList
          .map(toGroupMember)
          .map((m) => (filter ? { ...m, memberCustomField: keepFields(m.memberCustomField, filter) } : m)),
      }),
    );
  }

  addGroupMember(options: { groupID: string; userIDList: string[] }): Response<AddMemberResult> {
    checkUserIDList('addGroupMember', options, 500);
    if (this.#typeOf(options.groupID) === TYPES.GRP_AVCHATROOM) {
      return Promise.reject(groupError('CANNOT_ADD_MEMBER_IN_AV'));
    }
    return this.#deps.client.addMembers(options.groupID, options.userIDList).then((res) =>
      ok({
        successUserIDList: res.successUserIDList ?? [],
        failureUserIDList: res.failureUserIDList ?? [],
        existedUserIDList: res.existedUserIDList ?? [],
        overLimitUserIDList: res.overLimitUserIDList ?? [],
        pendingUserIDList: res.pendingUserIDList ?? [],
        group: this.#group(res.group),
      }),
    );
  }

  deleteGroupMember(options: { groupID: string; userIDList: string[]; reason?: string }): Response<{
    group: Group;
    userIDList: string[];
  }> {
    checkUserIDList('deleteGroupMember', options, 500);
    return this.#deps.client
      .deleteMembers(options.groupID, options.userIDList, options.reason)
      .then((res) => ok({ group: this.#group(res.group), userIDList: res.userIDList ?? options.userIDList }));
  }

  setGroupMemberMuteTime(options: { groupID: string; userID: string; muteTime: number }): MemberResult {
    const refused = checkMuteTime(options, this.#deps.me());
    if (refused) return Promise.reject(refused);
    const { groupID, userID, muteTime } = options;
    return this.#deps.client.setMuteTime(groupID, userID, muteTime).then((res) => this.#member(res));
  }

  setGroupMemberRole(options: { groupID: string; userID: string; role: string }): MemberResult {
    const refused = checkSetRole(options, this.#deps.me());
    if (refused) return Promise.reject(refused);
    if (this.#typeOf(options.groupID) === TYPES.GRP_AVCHATROOM) {
      return Promise.reject(groupError('OPERATION_NOT_SUPPORTED_IN_AV'));
    }
    return this.#deps.client.setRole(options.groupID, options.userID, options.role).then((res) => this.#member(res));
  }

  setGroupMemberNameCard(options: { groupID: string; nameCard: string; userID?: string }): MemberResult {
    checkNameCard(options);
    const userID = options.userID ?? this.#deps.me();
    return this.#deps.client.setNameCard(options.groupID, userID, options.nameCard).then((res) => this.#member(res));
  }

  /** setGroupMemberCustomField (reference §5.1): my own fields, or another member's as its owner or admin. */
  setGroupMemberCustomField(options: {
    groupID: string;
    memberCustomField: CustomField[];
    userID?: string;
  }): MemberResult {
    checkMemberCustomField(options);
    const userID = options.userID ?? this.#deps.me();
    const request = this.#deps.client.setMemberCustomField(options.groupID, userID, options.memberCustomField);
    return request.then((res) => this.#member(res));
  }

  #typeOf(groupID: string): string | undefined {
    return this.#deps.store.get(groupID)?.type;
  }

  #group(wire: unknown): Group {
    const group = toGroup(wire, this.#deps.me());
    if (this.#deps.store.get(group.groupID)) this.#deps.store.upsert(group);
    return group;
  }

  #member(res: { group: unknown; member: unknown }): ChatResponse<{ group: Group; member: GroupMember }> {
    return ok({ group: this.#group(res.group), member: toGroupMember(res.member) });
  }
}
