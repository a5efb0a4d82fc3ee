import type { GroupApplication } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import type { ChatResponse } from '../core/errors.ts';
import { defineFeature, type MethodsOf, type SdkHost } from '../feature/feature.ts';
import type { CustomField, Group, GroupMember } from './group.ts';
import { GroupFeature } from './group-feature.ts';
import type { AddMemberResult, MemberListResult } from './group-member-module.ts';
import type { JoinResult } from './group-module.ts';
import type {
  CreateGroupOptions,
  GetGroupMemberListOptions,
  GetGroupProfileOptions,
  HandleGroupApplicationOptions,
  JoinGroupOptions,
  MemberProfileOptions,
  UpdateGroupProfileOptions,
} from './group-params.ts';
import type { ReadMemberListOptions, ReadMemberListResult } from './read-receipt-module.ts';

type Response<T> = Promise<ChatResponse<T>>;
type GroupResult = Response<{ group: Group }>;
type MemberResult = Response<{ group: Group; member: GroupMember }>;
type Attributes = Record<string, string>;

/** The groups feature's part of one ChatSDK: its modules and store (group-feature.ts) and the host's guards. */
export interface GroupPart extends Pick<GroupFeature, 'groups' | 'members' | 'receipts'> {
  readonly host: SdkHost;
  readonly feature: GroupFeature;
}

function createPart(host: SdkHost): GroupPart {
  const { live } = host;
  const feature = new GroupFeature({
    http: host.http,
    emitter: host.emitter,
    logger: host.logger,
    me: host.me,
    isReady: () => host.state.ready,
    coalesceMs: () => host.config.timing.coalesceMs,
    messages: live.messages,
    dropConversation: (groupID) => live.conversations.remove(`${TYPES.CONV_GROUP}${groupID}`),
    resync: () => live.sync.requestResync(),
    groupChanged: (groupID) => live.conversations.groupChanged(groupID),
  });
  live.conversations.groupOf = (groupID) => feature.store.get(groupID);
  return { host, feature, groups: feature.groups, members: feature.members, receipts: feature.receipts };
}

/** callExperimentalAPI('handleGroupInvitation', options): the reference reaches it only there (§9; GRP23). */
export function handleGroupInvitation(part: GroupPart, options: unknown): Response<{ group?: Group }> {
  return part.host.guarded('handleGroupInvitation', () =>
    part.groups.handleGroupInvitation(options as HandleGroupApplicationOptions),
  );
}

/**
 * Groups (reference §5, §5.1): the group methods of ChatSDK, each one line (guard, delegate), the group push events
 * and the group list's life per login. The group read receipts of §3.3 are reached through the actions feature's
 * sendMessageReadReceipt and getMessageReadReceiptList, which answer one-to-one messages themselves.
 */
export const groupsFeature = defineFeature({
  name: 'groups',
  create: createPart,
  methods: {
    createGroup(options: CreateGroupOptions): Response<{ group: Group; overLimitUserIDList: string[] }> {
      return this.host.guarded('createGroup', () => this.groups.createGroup(options));
    },
    dismissGroup(groupID: string): Response<{ groupID: string }> {
      return this.host.guarded('dismissGroup', () => this.groups.dismissGroup(groupID));
    },
    quitGroup(groupID: string): Response<{ groupID: string }> {
      return this.host.run(() => this.groups.quitGroup(groupID));
    },
    joinGroup(options: JoinGroupOptions): Response<JoinResult> {
      return this.host.run(() => this.groups.joinGroup(options));
    },
    searchGroupByID(groupID: string): GroupResult {
      return this.host.guarded('searchGroupByID', () => this.groups.searchGroupByID(groupID));
    },
    getGroupList(options?: { groupProfileFilter?: string[] }): Response<{
      groupList: Group[];
      isSyncCompleted: boolean;
    }> {
      return this.host.guarded('getGroupList', () => this.groups.getGroupList(options));
    },
    getGroupProfile(options: GetGroupProfileOptions): GroupResult {
      return this.host.guarded('getGroupProfile', () => this.groups.getGroupProfile(options));
    },
    updateGroupProfile(options: UpdateGroupProfileOptions): GroupResult {
      return this.host.guarded('updateGroupProfile', () => this.groups.updateGroupProfile(options));
    },
    changeGroupOwner(options: { groupID: string; newOwnerID: string }): GroupResult {
      return this.host.guarded('changeGroupOwner', () => this.groups.changeGroupOwner(options));
    },
    handleGroupApplication(options: HandleGroupApplicationOptions): GroupResult {
      return this.host.guarded('handleGroupApplication', () => this.groups.handleGroupApplication(options));
    },
    getGroupApplicationList(): Response<{ applicationList: GroupApplication[] }> {
      return this.host.guarded('getGroupApplicationList', () => this.groups.getGroupApplicationList());
    },
    getGroupOnlineMemberCount(groupID: string): Response<{ memberCount: number }> {
      return this.host.run(() => this.groups.getGroupOnlineMemberCount(groupID));
    },
    initGroupAttributes(options: { groupID: string; groupAttributes: Attributes }): Response<{
      groupAttributes: Attributes;
    }> {
      return this.host.guarded('initGroupAttributes', () => this.groups.writeAttributes('init', options));
    },
    setGroupAttributes(options: { groupID: string; groupAttributes: Attributes }): Response<{
      groupAttributes: Attributes;
    }> {
      return this.host.guarded('setGroupAttributes', () => this.groups.writeAttributes('set', options));
    },
    deleteGroupAttributes(options: { groupID: string; keyList: string[] }): Response<{
      keyList: string[];
    }> {
      return this.host.guarded('deleteGroupAttributes', () => this.groups.deleteAttributes(options));
    },
    getGroupAttributes(options: { groupID: string; keyList: string[] }): Response<{
      groupAttributes: Attributes;
    }> {
      return this.host.guarded('getGroupAttributes', () => this.groups.getAttributes(options));
    },
    getGroupMemberList(options: GetGroupMemberListOptions): Response<MemberListResult> {
      return this.host.guarded('getGroupMemberList', () => this.members.getGroupMemberList(options));
    },
    getGroupMemberProfile(options: MemberProfileOptions): Response<{
      memberList: GroupMember[];
    }> {
      return this.host.guarded('getGroupMemberProfile', () => this.members.getGroupMemberProfile(options));
    },
    addGroupMember(options: { groupID: string; userIDList: string[] }): Response<AddMemberResult> {
      return this.host.guarded('addGroupMember', () => this.members.addGroupMember(options));
    },
    deleteGroupMember(options: { groupID: string; userIDList: string[]; reason?: string }): Response<{
      group: Group;
      userIDList: string[];
    }> {
      return this.host.guarded('deleteGroupMember', () => this.members.deleteGroupMember(options));
    },
    setGroupMemberMuteTime(options: { groupID: string; userID: string; muteTime: number }): MemberResult {
      return this.host.guarded('setGroupMemberMuteTime', () => this.members.setGroupMemberMuteTime(options));
    },
    setGroupMemberRole(options: { groupID: string; userID: string; role: string }): MemberResult {
      return this.host.guarded('setGroupMemberRole', () => this.members.setGroupMemberRole(options));
    },
    setGroupMemberNameCard(options: { groupID: string; nameCard: string; userID?: string }): MemberResult {
      return this.host.guarded('setGroupMemberNameCard', () => this.members.setGroupMemberNameCard(options));
    },
    setGroupMemberCustomField(options: {
      groupID: string;
      memberCustomField: CustomField[];
      userID?: string;
    }): MemberResult {
      return this.host.guarded('setGroupMemberCustomField', () => this.members.setGroupMemberCustomField(options));
    },
    getGroupMessageReadMemberList(options: ReadMemberListOptions): Response<ReadMemberListResult> {
      return this.host.guarded('getGroupMessageReadMemberList', () =>
        this.receipts.getGroupMessageReadMemberList(options),
      );
    },
  },
  push: {
    'group.changed': (part, event) => part.feature.changed(event),
    'group.application-handled': (part, event) => part.feature.applicationHandled(event),
    'group.attributes': (part, event) => part.groups.attributesChanged(event),
    'group.read-receipt': (part, event) => part.receipts.received(Array.isArray(event.receipts) ? event.receipts : []),
  },
  // With a start snapshot nothing before SDK_READY waits for the network (SDK9): the hello's refresh reads groups.
  start: (part, preloaded) => (preloaded ? Promise.resolve() : part.feature.start()),
  ready: (part) => part.feature.becameReady(),
  delivered: (part, messages) => part.feature.onMessages(messages),
  refresh: (part) => part.feature.refresh(),
  reset: (part) => part.feature.reset(),
});

/** The group methods as ChatSDK exposes them. */
export type GroupMethods = MethodsOf<typeof groupsFeature>;
