import type { ChatMessage, ChatPort, ChatResponse } from '../provider/chat-port.ts';

/**
 * The group part of the TIM-shaped SDK (reference §5, §5.1, §3.3 read receipts) the kit calls. Kept apart from
 * ChatPort so a host passing an SDK without groups still type-checks: `groupPortOf` looks the methods up at run time
 * and answers 'Please register the group module first' (seed 000 §8) when they are missing.
 */

export interface GroupSelfInfo {
  role?: string;
  userID?: string;
  muteUntil?: number;
  nameCard?: string;
}

/** Reference §12.3 (the fields the kit reads). */
export interface ChatGroup {
  groupID: string;
  name: string;
  avatar?: string;
  type: string;
  notification?: string;
  introduction?: string;
  ownerID?: string;
  memberCount?: number;
  joinOption?: string;
  /** Work groups: FreeAccess, NeedPermission (the invitee agrees first) or DisableInvite. */
  inviteOption?: string;
  muteAllMembers?: boolean;
  selfInfo?: GroupSelfInfo;
}

/** Reference §12.4. */
export interface ChatGroupMember {
  userID: string;
  nick?: string;
  avatar?: string;
  role: string;
  nameCard?: string;
  muteUntil?: number;
  joinTime?: number;
}

export interface ReadMemberPage {
  messageID?: string;
  readUserIDList?: string[];
  unreadUserIDList?: string[];
  cursor: string;
  isCompleted: boolean;
}

export interface CreateGroupOptions {
  name: string;
  type: string;
  groupID?: string;
  joinOption?: string;
  memberList?: { userID: string }[];
}

export interface JoinResult {
  status: string;
  group?: ChatGroup;
}

type R<T> = Promise<ChatResponse<T>>;

export interface GroupPort {
  getGroupList(): R<{ groupList: ChatGroup[] }>;
  getGroupProfile(options: { groupID: string }): R<{ group: ChatGroup }>;
  createGroup(options: CreateGroupOptions): R<{ group: ChatGroup }>;
  dismissGroup(groupID: string): R<{ groupID: string }>;
  quitGroup(groupID: string): R<{ groupID: string }>;
  joinGroup(options: { groupID: string; applyMessage?: string; type?: string }): R<JoinResult>;
  searchGroupByID(groupID: string): R<{ group: ChatGroup }>;
  updateGroupProfile(options: {
    groupID: string;
    name?: string;
    notification?: string;
    muteAllMembers?: boolean;
    inviteOption?: string;
  }): R<{ group: ChatGroup }>;
  changeGroupOwner(options: { groupID: string; newOwnerID: string }): R<{ group: ChatGroup }>;
  handleGroupApplication(options: {
    handleAction: 'Agree' | 'Reject';
    handleMessage?: string;
    message: ChatMessage;
  }): R<unknown>;
  getGroupMemberList(options: {
    groupID: string;
    count: number;
    offset: number;
  }): R<{ memberList: ChatGroupMember[]; offset?: number }>;
  getGroupMemberProfile(options: { groupID: string; userIDList: string[] }): R<{ memberList: ChatGroupMember[] }>;
  addGroupMember(options: { groupID: string; userIDList: string[] }): R<{
    successUserIDList?: string[];
    failureUserIDList?: string[];
    existedUserIDList?: string[];
    /** Parley: invited and waiting for their consent (inviteOption NeedPermission). */
    pendingUserIDList?: string[];
  }>;
  deleteGroupMember(options: { groupID: string; userIDList: string[]; reason?: string }): R<unknown>;
  setGroupMemberMuteTime(options: { groupID: string; userID: string; muteTime: number }): R<unknown>;
  setGroupMemberRole(options: { groupID: string; userID: string; role: string }): R<unknown>;
  createTextAtMessage(options: {
    to: string;
    conversationType: string;
    payload: { text: string; atUserList: string[] };
    needReadReceipt?: boolean;
  }): ChatMessage;
  sendMessageReadReceipt(messageList: ChatMessage[]): R<unknown>;
  getMessageReadReceiptList(messageList: ChatMessage[]): R<{ messageList: ChatMessage[] }>;
  getGroupMessageReadMemberList(options: {
    message: ChatMessage;
    filter: 0 | 1;
    cursor: string;
    count: number;
  }): R<ReadMemberPage>;
  /** Pending join applications: a notice whose application is no longer listed was answered (by any admin). */
  getGroupApplicationList?(): R<{ applicationList: { applicant: string; groupID: string }[] }>;
  /** handleGroupInvitation is reached only through it (reference §9). */
  callExperimentalAPI?(key: string, options?: unknown): unknown;
  getUserProfile?(options: { userIDList: string[] }): R<{ userID: string; nick?: string; avatar?: string }[]>;
}

const REQUIRED = ['getGroupProfile', 'getGroupMemberList', 'getGroupList'] as const;

/** The SDK seen as a group SDK, or null when it has no group methods. */
export function groupPortOf(chat: ChatPort): (ChatPort & GroupPort) | null {
  const candidate = chat as ChatPort & Partial<GroupPort>;
  return REQUIRED.every((name) => typeof candidate[name] === 'function') ? (chat as ChatPort & GroupPort) : null;
}
