import { ALLOW_TYPE, GENDER, markListOf, type Profile, REMIND_TYPE, type WireConversation } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';
import { type Group, toGroup } from '../group/group.ts';

/** `conversation.lastMessage` (reference §12.2); an empty conversation has one with empty fields, as in TIM. */
export interface ConversationLastMessage {
  lastTime: number;
  lastSequence: number;
  fromAccount: string;
  messageForShow: string;
  payload: Record<string, unknown> | null;
  type: string;
  isRevoked: boolean;
  cloudCustomData: string;
  onlineOnlyFlag: boolean;
  nick: string;
  nameCard: string;
  version: number;
  isPeerRead: boolean;
  revoker: string;
}

export interface GroupAtInfo {
  from: string;
  groupID: string;
  topicID: string;
  messageSequence: number;
  atTypeArray: number[];
}

/**
 * TIM's Conversation (reference §12.2). Objects are immutable snapshots: a change builds a new object, so a UI
 * can compare by identity (React's useSyncExternalStore) while TIM code reading fields works unchanged.
 */
export interface Conversation {
  readonly conversationID: string;
  readonly type: string;
  readonly subType: string;
  readonly unreadCount: number;
  readonly lastMessage: ConversationLastMessage;
  readonly peerReadTime: number;
  readonly groupAtInfoList: GroupAtInfo[];
  readonly remark: string;
  readonly isPinned: boolean;
  readonly messageRemindType: string;
  readonly markList: number[];
  readonly customData: string;
  readonly conversationGroupList: string[];
  readonly draftText: string;
  readonly userProfile: Profile;
  /** GROUP conversations: the group, with `selfInfo` (my role, my `muteUntil`); undefined for others. */
  readonly groupProfile: Group | undefined;
  /** TIM's getter: the peer's userID for C2C, the groupID for GROUP. */
  readonly toAccount: string;
}

/** Messages and conversations are relative to the logged-in user; the SDK keeps the server's view of both. */
export type ConversationState = WireConversation;

export function peerOf(conversationID: string): string {
  if (conversationID.startsWith(TYPES.CONV_C2C)) return conversationID.slice(TYPES.CONV_C2C.length);
  if (conversationID.startsWith(TYPES.CONV_GROUP)) return conversationID.slice(TYPES.CONV_GROUP.length);
  return conversationID === TYPES.CONV_SYSTEM ? '' : conversationID;
}

/** `groupAtInfoList` as the server keeps it for me (unread mentions), copied so the view owns its arrays. */
function atInfoOf(state: ConversationState): GroupAtInfo[] {
  return (state.groupAtInfoList ?? []).map((at) => ({ ...at, atTypeArray: [...at.atTypeArray] }));
}

/** A peer whose profile the server did not send still gets a Profile, so UIs can read `userProfile.nick`. */
export function placeholderProfile(userID: string): Profile {
  return {
    userID,
    nick: '',
    avatar: '',
    gender: GENDER.UNKNOWN,
    selfSignature: '',
    birthday: 0,
    allowType: ALLOW_TYPE.ALLOW_ANY,
    location: '',
    language: 0,
    level: 0,
    role: 0,
    lastUpdatedTime: 0,
    profileCustomField: [],
  };
}

function lastMessageOf(state: ConversationState, me: string): ConversationLastMessage {
  const last = state.lastMessage;
  const fromMe = last !== null && last.fromAccount === me;
  return {
    lastTime: last?.lastTime ?? 0,
    lastSequence: last?.lastSequence ?? 0,
    fromAccount: last?.fromAccount ?? '',
    messageForShow: last?.messageForShow ?? '',
    payload: last?.payload ?? null,
    type: last?.type ?? '',
    isRevoked: last?.isRevoked ?? false,
    cloudCustomData: last?.cloudCustomData ?? '',
    onlineOnlyFlag: false,
    nick: last?.nick ?? '',
    nameCard: last?.nameCard ?? '',
    version: 0,
    // Recomputed rather than taken from the server, so a peer-read push updates it without a fetch.
    isPeerRead: fromMe && (last?.lastSequence ?? 0) <= state.peerReadSequence,
    revoker: '',
  };
}

export function toConversation(state: ConversationState, me: string, group?: Group): Conversation {
  const lastMessage = lastMessageOf(state, me);
  const peer = peerOf(state.conversationID);
  const isGroup = state.type === TYPES.CONV_GROUP;
  // The list's Group (kept fresh by the group feature) wins over the row's copy, which may be older.
  const groupProfile = isGroup ? (group ?? toGroup(state.groupProfile ?? { groupID: peer }, me)) : undefined;
  return {
    conversationID: state.conversationID,
    type: state.type,
    subType: groupProfile?.type ?? '',
    unreadCount: state.unreadCount,
    lastMessage,
    peerReadTime: lastMessage.isPeerRead ? lastMessage.lastTime : 0,
    groupAtInfoList: isGroup ? atInfoOf(state) : [],
    remark: '',
    isPinned: state.isPinned,
    messageRemindType: state.messageRemindType,
    markList: markListOf(state.markBits),
    customData: state.customData ?? '',
    conversationGroupList: [...(state.groupNames ?? [])],
    draftText: state.draftText ?? '',
    userProfile: state.userProfile ?? placeholderProfile(isGroup ? '' : peer),
    groupProfile,
    toAccount: peer,
  };
}

/** The list order of CONVERSATION_LIST_UPDATED: pinned first, then the newest last message first. */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  const byTime = b.lastMessage.lastTime - a.lastMessage.lastTime;
  if (byTime !== 0) return byTime;
  // Equal times (same second): the ID keeps the order stable between two emits.
  return a.conversationID < b.conversationID ? -1 : a.conversationID > b.conversationID ? 1 : 0;
}

/**
 * getTotalUnreadMessageCount (reference §4): conversations whose remind type is not AcceptAndNotify (muted ones)
 * and the system conversation do not count.
 */
export function totalUnread(conversations: Iterable<Pick<Conversation, 'type' | 'messageRemindType' | 'unreadCount'>>) {
  let total = 0;
  for (const c of conversations) {
    if (c.type === TYPES.CONV_SYSTEM || c.messageRemindType !== REMIND_TYPE.ACCEPT_AND_NOTIFY) continue;
    total += c.unreadCount;
  }
  return total;
}
