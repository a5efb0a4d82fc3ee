import type { GroupApplication } from '@parley/protocol';
import type { ChatResponse } from '../core/errors.ts';
import type { Message } from '../message/message.ts';
import type { CustomField, Group, GroupMember } from './group.ts';
import type { AddMemberResult, GroupMemberModule, MemberListResult } from './group-member-module.ts';
import type { GroupModule, JoinResult } from './group-module.ts';
import type {
  CreateGroupOptions,
  GetGroupMemberListOptions,
  GetGroupProfileOptions,
  HandleGroupApplicationOptions,
  JoinGroupOptions,
  MemberProfileOptions,
  UpdateGroupProfileOptions,
} from './group-params.ts';
import type { ReadMemberListOptions, ReadMemberListResult, ReadReceiptModule } from './read-receipt-module.ts';

/** What the facade needs from the ChatSDK instance it is installed on. */
export interface GroupHost {
  /** Rejects while not ready (reference §2.1) and turns failures into ChatErrors. */
  guarded<T>(api: string, fn: () => Promise<T>): Promise<T>;
  /** Whitelisted calls (joinGroup, quitGroup, getGroupOnlineMemberCount): failures normalised only. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  groups: GroupModule;
  members: GroupMemberModule;
  receipts: ReadReceiptModule;
}

const hosts = new WeakMap<object, GroupHost>();

/** Called once by each ChatSDK constructor. */
export function attachGroupHost(sdk: object, host: GroupHost): void {
  hosts.set(sdk, host);
}

function hostOf(sdk: object): GroupHost {
  const host = hosts.get(sdk);
  if (!host) throw new TypeError('not a ChatSDK instance');
  return host;
}

const guarded = <T>(sdk: object, api: string, fn: (h: GroupHost) => Promise<T>) => {
  const host = hostOf(sdk);
  return host.guarded(api, () => fn(host));
};
const run = <T>(sdk: object, fn: (h: GroupHost) => Promise<T>) => {
  const host = hostOf(sdk);
  return host.run(() => fn(host));
};

type Response<T> = Promise<ChatResponse<T>>;

/** callExperimentalAPI('handleGroupInvitation', options): the reference reaches it only there (§9; GRP23). */
export function handleGroupInvitation(sdk: object, options: unknown): Response<{ group?: Group }> {
  return guarded(sdk, 'handleGroupInvitation', (h) =>
    h.groups.handleGroupInvitation(options as HandleGroupApplicationOptions),
  );
}
type GroupResult = Response<{ group: Group }>;
type MemberResult = Response<{ group: Group; member: GroupMember }>;
type Attributes = Record<string, string>;

/**
 * The group methods of ChatSDK (reference §5, §5.1 and the group read receipts of §3.3), installed on its prototype
 * so the facade grows by a module rather than by a longer chat.ts (GUIDE §5.9). Each is one line: guard, delegate.
 */
export const groupMethods = {
  createGroup(this: object, options: CreateGroupOptions): Response<{ group: Group; overLimitUserIDList: string[] }> {
    return guarded(this, 'createGroup', (h) => h.groups.createGroup(options));
  },
  dismissGroup(this: object, groupID: string): Response<{ groupID: string }> {
    return guarded(this, 'dismissGroup', (h) => h.groups.dismissGroup(groupID));
  },
  quitGroup(this: object, groupID: string): Response<{ groupID: string }> {
    return run(this, (h) => h.groups.quitGroup(groupID));
  },
  joinGroup(this: object, options: JoinGroupOptions): Response<JoinResult> {
    return run(this, (h) => h.groups.joinGroup(options));
  },
  searchGroupByID(this: object, groupID: string): GroupResult {
    return guarded(this, 'searchGroupByID', (h) => h.groups.searchGroupByID(groupID));
  },
  getGroupList(
    this: object,
    options?: { groupProfileFilter?: string[] },
  ): Response<{
    groupList: Group[];
    isSyncCompleted: boolean;
  }> {
    return guarded(this, 'getGroupList', (h) => h.groups.getGroupList(options));
  },
  getGroupProfile(this: object, options: GetGroupProfileOptions): GroupResult {
    return guarded(this, 'getGroupProfile', (h) => h.groups.getGroupProfile(options));
  },
  updateGroupProfile(this: object, options: UpdateGroupProfileOptions): GroupResult {
    return guarded(this, 'updateGroupProfile', (h) => h.groups.updateGroupProfile(options));
  },
  changeGroupOwner(this: object, options: { groupID: string; newOwnerID: string }): GroupResult {
    return guarded(this, 'changeGroupOwner', (h) => h.groups.changeGroupOwner(options));
  },
  handleGroupApplication(this: object, options: HandleGroupApplicationOptions): GroupResult {
    return guarded(this, 'handleGroupApplication', (h) => h.groups.handleGroupApplication(options));
  },
  getGroupApplicationList(this: object): Response<{ applicationList: GroupApplication[] }> {
    return guarded(this, 'getGroupApplicationList', (h) => h.groups.getGroupApplicationList());
  },
  getGroupOnlineMemberCount(this: object, groupID: string): Response<{ memberCount: number }> {
    return run(this, (h) => h.groups.getGroupOnlineMemberCount(groupID));
  },
  initGroupAttributes(
    this: object,
    options: { groupID: string; groupAttributes: Attributes },
  ): Response<{
    groupAttributes: Attributes;
  }> {
    return guarded(this, 'initGroupAttributes', (h) => h.groups.writeAttributes('init', options));
  },
  setGroupAttributes(
    this: object,
    options: { groupID: string; groupAttributes: Attributes },
  ): Response<{
    groupAttributes: Attributes;
  }> {
    return guarded(this, 'setGroupAttributes', (h) => h.groups.writeAttributes('set', options));
  },
  deleteGroupAttributes(
    this: object,
    options: { groupID: string; keyList: string[] },
  ): Response<{
    keyList: string[];
  }> {
    return guarded(this, 'deleteGroupAttributes', (h) => h.groups.deleteAttributes(options));
  },
  getGroupAttributes(
    this: object,
    options: { groupID: string; keyList: string[] },
  ): Response<{
    groupAttributes: Attributes;
  }> {
    return guarded(this, 'getGroupAttributes', (h) => h.groups.getAttributes(options));
  },
  getGroupMemberList(this: object, options: GetGroupMemberListOptions): Response<MemberListResult> {
    return guarded(this, 'getGroupMemberList', (h) => h.members.getGroupMemberList(options));
  },
  getGroupMemberProfile(
    this: object,
    options: MemberProfileOptions,
  ): Response<{
    memberList: GroupMember[];
  }> {
    return guarded(this, 'getGroupMemberProfile', (h) => h.members.getGroupMemberProfile(options));
  },
  addGroupMember(this: object, options: { groupID: string; userIDList: string[] }): Response<AddMemberResult> {
    return guarded(this, 'addGroupMember', (h) => h.members.addGroupMember(options));
  },
  deleteGroupMember(
    this: object,
    options: { groupID: string; userIDList: string[]; reason?: string },
  ): Response<{
    group: Group;
    userIDList: string[];
  }> {
    return guarded(this, 'deleteGroupMember', (h) => h.members.deleteGroupMember(options));
  },
  setGroupMemberMuteTime(this: object, options: { groupID: string; userID: string; muteTime: number }): MemberResult {
    return guarded(this, 'setGroupMemberMuteTime', (h) => h.members.setGroupMemberMuteTime(options));
  },
  setGroupMemberRole(this: object, options: { groupID: string; userID: string; role: string }): MemberResult {
    return guarded(this, 'setGroupMemberRole', (h) => h.members.setGroupMemberRole(options));
  },
  setGroupMemberNameCard(this: object, options: { groupID: string; nameCard: string; userID?: string }): MemberResult {
    return guarded(this, 'setGroupMemberNameCard', (h) => h.members.setGroupMemberNameCard(options));
  },
  setGroupMemberCustomField(
    this: object,
    options: { groupID: string; memberCustomField: CustomField[]; userID?: string },
  ): MemberResult {
    return guarded(this, 'setGroupMemberCustomField', (h) => h.members.setGroupMemberCustomField(options));
  },
  sendMessageReadReceipt(this: object, messageList: Message[]): Response<Record<string, never>> {
    return guarded(this, 'sendMessageReadReceipt', (h) => h.receipts.sendMessageReadReceipt(messageList));
  },
  getMessageReadReceiptList(this: object, messageList: Message[]): Response<{ messageList: Message[] }> {
    return guarded(this, 'getMessageReadReceiptList', (h) => h.receipts.getMessageReadReceiptList(messageList));
  },
  getGroupMessageReadMemberList(this: object, options: ReadMemberListOptions): Response<ReadMemberListResult> {
    return guarded(this, 'getGroupMessageReadMemberList', (h) => h.receipts.getGroupMessageReadMemberList(options));
  },
};

/** The methods as ChatSDK exposes them (without the `this` parameter). */
export type GroupMethods = { [K in keyof typeof groupMethods]: OmitThisParameter<(typeof groupMethods)[K]> };
