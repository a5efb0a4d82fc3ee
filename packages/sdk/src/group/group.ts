import { REMIND_TYPE } from '@parley/protocol';
import { TYPES } from '../constants/types.ts';

export interface CustomField {
  key: string;
  value: string;
}

/** The fields whose keys a `…CustomFieldFilter` lists; all of them without a filter. */
export function keepFields(fields: CustomField[], filter: readonly string[] | undefined): CustomField[] {
  if (!filter) return fields;
  const keep = new Set(filter);
  return fields.filter((f) => keep.has(f.key));
}

/** `group.selfInfo` (reference §12.3): the logged-in user's membership of this group. */
export interface GroupSelfInfo {
  messageRemindType: string;
  joinTime: number;
  nameCard: string;
  role: string;
  userID: string;
  memberCustomField: CustomField[];
  readedSequence: number;
  excludedUnreadSequenceList: number[];
  /** Parley: seconds since the epoch until which I may not speak here (0 = not muted); GroupMember has it too. */
  muteUntil: number;
}

export interface GroupLastMessage {
  lastTime: number;
  lastSequence: number;
  fromAccount: string;
  messageForShow: string;
}

/**
 * TIM's Group (reference §12.3). Immutable snapshots like Conversation: a change builds a new object, so a UI can
 * compare by identity. `memberNum` and `maxMemberNum` are TIM getters; here they are plain copies.
 */
export interface Group {
  readonly groupID: string;
  readonly name: string;
  readonly avatar: string;
  readonly type: string;
  readonly introduction: string;
  readonly notification: string;
  readonly ownerID: string;
  readonly createTime: number;
  readonly infoSequence: number;
  readonly lastInfoTime: number;
  readonly selfInfo: GroupSelfInfo;
  readonly lastMessage: GroupLastMessage;
  readonly nextMessageSeq: number;
  readonly memberCount: number;
  readonly memberNum: number;
  readonly maxMemberCount: number;
  readonly maxMemberNum: number;
  readonly joinOption: string;
  readonly inviteOption: string;
  readonly groupCustomField: CustomField[];
  readonly muteAllMembers: boolean;
  readonly isSupportTopic: boolean;
}

/** TIM's GroupMember (reference §12.4). `muteUntil` is in seconds; the member is muted while it is in the future. */
export interface GroupMember {
  readonly userID: string;
  readonly avatar: string;
  readonly nick: string;
  readonly role: string;
  readonly joinTime: number;
  readonly lastSendMsgTime: number;
  readonly nameCard: string;
  readonly muteUntil: number;
  readonly memberCustomField: CustomField[];
  readonly isOnline: boolean;
}

type Loose = Record<string, unknown>;

const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const bool = (v: unknown): boolean => v === true;

function fields(v: unknown): CustomField[] {
  if (Array.isArray(v)) {
    return v.filter(isRecord).map((f) => ({ key: str(f.key), value: str(f.value) }));
  }
  // The server may send custom fields as a map; TIM's shape is a list.
  if (isRecord(v)) return Object.entries(v).map(([key, value]) => ({ key, value: str(value) }));
  return [];
}

function selfInfoOf(v: unknown, me: string): GroupSelfInfo {
  const s = isRecord(v) ? v : {};
  return {
    messageRemindType: str(s.messageRemindType, REMIND_TYPE.ACCEPT_AND_NOTIFY),
    joinTime: num(s.joinTime),
    nameCard: str(s.nameCard),
    role: str(s.role, TYPES.GRP_MBR_ROLE_MEMBER),
    userID: str(s.userID, me),
    memberCustomField: fields(s.memberCustomField),
    readedSequence: num(s.readedSequence, num(s.readSequence)),
    excludedUnreadSequenceList: [],
    muteUntil: num(s.muteUntil),
  };
}

function lastMessageOf(v: unknown): GroupLastMessage {
  const m = isRecord(v) ? v : {};
  return {
    lastTime: num(m.lastTime),
    lastSequence: num(m.lastSequence),
    fromAccount: str(m.fromAccount),
    messageForShow: str(m.messageForShow),
  };
}

/** A Group from what the server sends; missing fields get TIM's defaults, so every field is always there. */
export function toGroup(wire: unknown, me: string): Group {
  const g = isRecord(wire) ? wire : {};
  const memberCount = num(g.memberCount, num(g.memberNum));
  const maxMemberCount = num(g.maxMemberCount, num(g.maxMemberNum));
  const lastMessage = lastMessageOf(g.lastMessage);
  return {
    groupID: str(g.groupID),
    name: str(g.name),
    avatar: str(g.avatar),
    type: str(g.type, TYPES.GRP_WORK),
    introduction: str(g.introduction),
    notification: str(g.notification),
    ownerID: str(g.ownerID),
    createTime: num(g.createTime),
    infoSequence: num(g.infoSequence),
    lastInfoTime: num(g.lastInfoTime),
    selfInfo: selfInfoOf(g.selfInfo, me),
    lastMessage,
    nextMessageSeq: num(g.nextMessageSeq, lastMessage.lastSequence + 1),
    memberCount,
    memberNum: memberCount,
    maxMemberCount,
    maxMemberNum: maxMemberCount,
    joinOption: str(g.joinOption),
    inviteOption: str(g.inviteOption),
    groupCustomField: fields(g.groupCustomField),
    muteAllMembers: bool(g.muteAllMembers),
    isSupportTopic: bool(g.isSupportTopic),
  };
}

export function toGroupMember(wire: unknown): GroupMember {
  const m = isRecord(wire) ? wire : {};
  return {
    userID: str(m.userID),
    avatar: str(m.avatar),
    nick: str(m.nick),
    role: str(m.role, TYPES.GRP_MBR_ROLE_MEMBER),
    joinTime: num(m.joinTime),
    lastSendMsgTime: num(m.lastSendMsgTime),
    nameCard: str(m.nameCard),
    muteUntil: num(m.muteUntil),
    memberCustomField: fields(m.memberCustomField),
    isOnline: bool(m.isOnline),
  };
}

/** `GROUP<groupID>` (reference §4). */
export const groupConversationID = (groupID: string) => `${TYPES.CONV_GROUP}${groupID}`;
