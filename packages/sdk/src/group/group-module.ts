import type { GroupApplication } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { TYPES } from '../constants/types.ts';
import type { Emitter } from '../core/emitter.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { type Group, keepFields, toGroup } from './group.ts';
import type { GroupClient } from './group-client.ts';
import { groupError } from './group-errors.ts';
import {
  type CreateGroupOptions,
  type GetGroupProfileOptions,
  type HandleGroupApplicationOptions,
  type JoinGroupOptions,
  type UpdateGroupProfileOptions,
  checkAttributes,
  checkChangeOwner,
  checkCreateGroup,
  checkGroupID,
  checkHandleApplication,
  checkJoinGroup,
  checkKeyList,
  checkOptions,
  checkUpdateGroupProfile,
} from './group-params.ts';
import type { GroupStore } from './group-store.ts';

export interface JoinResult {
  status: string;
  group?: Group;
}

export interface GroupModuleDeps {
  client: GroupClient;
  store: GroupStore;
  emitter: Emitter;
  me: () => string;
  /** I left the group (quit, dismissed): its conversation goes from my list. */
  dropConversation: (groupID: string) => void;
  /** Something changed that the conversation list shows: re-read it. */
  resync: () => void;
}

type Response<T> = Promise<ChatResponse<T>>;
type Attributes = Record<string, string>;

/**
 * Group APIs (reference §5). Parameters are checked synchronously (TIM throws 'Params validate failed.'), TIM's
 * SDK-side refusals reject before any request, and everything else is the server's decision: it checks every
 * permission (GUIDE §3.7), so nothing here trusts the local view of roles.
 */
export class GroupModule {
  readonly #deps: GroupModuleDeps;

  constructor(deps: GroupModuleDeps) {
    this.#deps = deps;
  }

  /** The login's first group list, before SDK_READY (TIM's ready-list includes groups). */
  async sync(isCurrent: () => boolean = () => true): Promise<void> {
    const { groupList } = await this.#deps.client.list();
    // A list asked for by a session that has ended since must not fill the next user's store.
    if (isCurrent()) this.#deps.store.replaceAll(groupList.map((g) => this.#group(g)));
  }

  createGroup(options: CreateGroupOptions): Response<{ group: Group; overLimitUserIDList: string[] }> {
    const refused = checkCreateGroup(options);
    if (refused) return Promise.reject(refused);
    return this.#after(this.#deps.client.create(createBody(options)), (res) => {
      const group = this.#adopt(res.group);
      this.#deps.resync();
      return { group, overLimitUserIDList: res.overLimitUserIDList ?? [] };
    });
  }

  dismissGroup(groupID: string): Response<{ groupID: string }> {
    checkGroupID('dismissGroup', groupID);
    return this.#after(this.#deps.client.dismiss(groupID), () => this.#left(groupID));
  }

  quitGroup(groupID: string): Response<{ groupID: string }> {
    checkGroupID('quitGroup', groupID);
    return this.#after(this.#deps.client.quit(groupID), () => this.#left(groupID));
  }

  joinGroup(options: JoinGroupOptions): Response<JoinResult> {
    checkJoinGroup(options);
    const { groupID, applyMessage } = options;
    return this.#after(this.#deps.client.join(groupID, applyMessage), (res) => {
      if (!res.group) return { status: res.status };
      const group = this.#adopt(res.group);
      if (res.status === TYPES.JOIN_STATUS_SUCCESS) this.#deps.resync();
      return { status: res.status, group };
    });
  }

  searchGroupByID(groupID: string): Response<{ group: Group }> {
    checkGroupID('searchGroupByID', groupID);
    return this.#after(this.#deps.client.search(groupID), (res) => ({ group: this.#group(res.group) }));
  }

  getGroupList(options?: {
    groupProfileFilter?: string[];
  }): Response<{ groupList: Group[]; isSyncCompleted: boolean }> {
    void options; // TIM's filter only trims fields; Parley always returns whole groups.
    return Promise.resolve(ok({ groupList: this.#deps.store.list(), isSyncCompleted: this.#deps.store.synced }));
  }

  getGroupProfile(options: GetGroupProfileOptions): Response<{ group: Group }> {
    checkOptions('getGroupProfile', options);
    return this.#after(this.#deps.client.profile(options.groupID), (res) => ({
      group: withFilters(this.#adopt(res.group), options),
    }));
  }

  updateGroupProfile(options: UpdateGroupProfileOptions): Response<{ group: Group }> {
    checkUpdateGroupProfile(options);
    const patch = only(options, [
      'name',
      'avatar',
      'introduction',
      'notification',
      'muteAllMembers',
      'joinOption',
      'inviteOption',
      'groupCustomField',
    ]);
    const request = this.#deps.client.update(options.groupID, patch);
    return this.#after(request, (res) => ({ group: this.#adopt(res.group) }));
  }

  changeGroupOwner(options: { groupID: string; newOwnerID: string }): Response<{ group: Group }> {
    const refused = checkChangeOwner(options, this.#deps.me());
    if (refused) return Promise.reject(refused);
    if (this.#deps.store.get(options.groupID)?.type === TYPES.GRP_AVCHATROOM) {
      return Promise.reject(groupError('CANNOT_CHANGE_OWNER_IN_AV'));
    }
    const request = this.#deps.client.changeOwner(options.groupID, options.newOwnerID);
    return this.#after(request, (res) => ({ group: this.#adopt(res.group) }));
  }

  handleGroupApplication(options: HandleGroupApplicationOptions): Response<{ group: Group }> {
    checkHandleApplication(options);
    const { groupID, applicant } = applicationOf(options);
    assertParams(groupID !== '' && applicant !== '', 'handleGroupApplication', 'not a join application');
    const body = { applicant, handleAction: options.handleAction, handleMessage: options.handleMessage ?? '' };
    const request = this.#deps.client.handleApplication(groupID, body);
    return this.#after(request, (res) => ({ group: this.#group(res.group) }));
  }

  /**
   * callExperimentalAPI('handleGroupInvitation', {handleAction, handleMessage?, message | application}) (reference
   * §9; GRP23): the invitee answers the invitation of a notice 12 or an applicationType 1 item. Agree answers
   * `{group}` (and the list gains it), Reject `{}`.
   */
  handleGroupInvitation(options: HandleGroupApplicationOptions): Response<{ group?: Group }> {
    const api = 'handleGroupInvitation';
    checkHandleApplication(options, api);
    const { groupID } = applicationOf(options);
    assertParams(groupID !== '', api, 'not a group invitation');
    const body = { handleAction: options.handleAction, handleMessage: options.handleMessage ?? '' };
    const request = this.#deps.client.handleInvitation(groupID, body);
    return this.#after(request, (res) => {
      if (!res.group) return {};
      const group = this.#adopt(res.group);
      // As after a join: the group's conversation is new to my list.
      this.#deps.resync();
      return { group };
    });
  }

  /** setMessageRemindType({groupID}) (reference §4): my own setting; answers `{group}` with selfInfo updated. */
  async setRemindType(groupID: string, messageRemindType: string): Response<{ group: Group }> {
    await this.#deps.client.setRemind(groupID, messageRemindType);
    const { group } = await this.#deps.client.profile(groupID);
    return ok({ group: this.#adopt(group) });
  }

  getGroupApplicationList(): Response<{ applicationList: GroupApplication[] }> {
    return this.#after(this.#deps.client.applications(), (res) => ({ applicationList: res.applicationList }));
  }

  getGroupOnlineMemberCount(groupID: string): Response<{ memberCount: number }> {
    checkGroupID('getGroupOnlineMemberCount', groupID);
    return this.#after(this.#deps.client.onlineCount(groupID), (res) => ({ memberCount: res.memberCount }));
  }

  writeAttributes(mode: 'init' | 'set', options: { groupID: string; groupAttributes: Attributes }) {
    checkAttributes(`${mode}GroupAttributes`, options);
    const request = this.#deps.client.writeAttributes(mode, options.groupID, options.groupAttributes);
    return this.#after(request, (res) => ({ groupAttributes: res.groupAttributes }));
  }

  deleteAttributes(options: { groupID: string; keyList: string[] }): Response<{ keyList: string[] }> {
    checkKeyList('deleteGroupAttributes', options);
    const request = this.#deps.client.deleteAttributes(options.groupID, options.keyList);
    return this.#after(request, (res) => ({ keyList: res.keyList }));
  }

  getAttributes(options: { groupID: string; keyList: string[] }): Response<{ groupAttributes: Attributes }> {
    checkKeyList('getGroupAttributes', options);
    const request = this.#deps.client.getAttributes(options.groupID);
    // `[]` means all keys (reference §5); otherwise only the keys asked for that exist.
    return this.#after(request, (res) => ({ groupAttributes: pick(res.groupAttributes, options.keyList) }));
  }

  /** A pushed attribute change (GROUP_ATTRIBUTES_UPDATED, reference §10). */
  attributesChanged(change: {
    groupID: string;
    groupAttributes: Attributes;
    updatedKeyList?: string[];
    deletedKeyList?: string[];
  }): void {
    this.#deps.emitter.emit(EVENT.GROUP_ATTRIBUTES_UPDATED, {
      groupID: change.groupID,
      groupAttributes: change.groupAttributes,
      updatedKeyList: change.updatedKeyList ?? [],
      deletedKeyList: change.deletedKeyList ?? [],
    });
  }

  #left(groupID: string): { groupID: string } {
    this.#deps.store.remove(groupID);
    this.#deps.dropConversation(groupID);
    return { groupID };
  }

  #group(wire: unknown): Group {
    return toGroup(wire, this.#deps.me());
  }

  /** A group I am in: kept in the list (GROUP_LIST_UPDATED when it changed). */
  #adopt(wire: unknown): Group {
    const group = this.#group(wire);
    if (group.selfInfo.joinTime > 0) this.#deps.store.upsert(group);
    else this.#deps.store.remove(group.groupID);
    return group;
  }

  async #after<W, T>(request: Promise<W>, then: (res: W) => T): Response<T> {
    return ok(then(await request));
  }
}

/** The group and applicant of a join application, from an applicationList item or its system notice. */
function applicationOf(options: HandleGroupApplicationOptions): { groupID: string; applicant: string } {
  const app = options.application;
  if (app) return { groupID: String(app.groupID ?? ''), applicant: String(app.applicant ?? '') };
  const payload = options.message?.payload ?? {};
  const profile = payload.groupProfile as { groupID?: unknown } | undefined;
  return { groupID: String(profile?.groupID ?? ''), applicant: String(payload.applicant ?? '') };
}

function pick(attributes: Attributes, keyList: string[]): Attributes {
  if (keyList.length === 0) return attributes;
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => keyList.includes(key)));
}

/** The fields the server takes, present ones only (it refuses unknown keys; TIM's extra options are ignored). */
function only<T extends object>(options: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of keys) if (options[key] !== undefined) body[key as string] = options[key];
  return body;
}

const CREATE_KEYS = [
  'name',
  'type',
  'groupID',
  'introduction',
  'notification',
  'avatar',
  'maxMemberNum',
  'joinOption',
  'groupCustomField',
];

function createBody(options: CreateGroupOptions): Record<string, unknown> {
  const body = only(options, CREATE_KEYS as (keyof CreateGroupOptions)[]);
  body.type = options.type ?? TYPES.GRP_WORK;
  if (options.memberList) {
    body.memberList = options.memberList.map(({ userID, role, memberCustomField }) => ({
      userID,
      ...(role === undefined ? {} : { role }),
      ...(memberCustomField === undefined ? {} : { memberCustomField }),
    }));
  }
  return body;
}

/**
 * getGroupProfile's filters (reference §5): with `groupCustomFieldFilter` only the listed group fields are returned,
 * with `memberCustomFieldFilter` only the listed fields of my own `selfInfo`; without one, all of them. The store
 * keeps the whole group: the filter shapes this answer only.
 */
function withFilters(group: Group, options: GetGroupProfileOptions): Group {
  const g = options.groupCustomFieldFilter;
  const m = options.memberCustomFieldFilter;
  if (!g && !m) return group;
  return {
    ...group,
    groupCustomField: keepFields(group.groupCustomField, g),
    selfInfo: { ...group.selfInfo, memberCustomField: keepFields(group.selfInfo.memberCustomField, m) },
  };
}
