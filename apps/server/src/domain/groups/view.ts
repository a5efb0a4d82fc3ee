import { type Group, type GroupMember, REMIND_TYPE, type WireMessage, messageForShow } from '@parley/protocol';
import type { ConversationRow, MemberRow, ProfileRow } from '../ports.ts';
import { parseFields } from './custom-fields.ts';
import type { GroupMemberRow, GroupRow } from './ports.ts';

export interface GroupViewParts {
  group: GroupRow;
  /** The viewer's membership; undefined for a non-member (search, public profile). */
  self?: GroupMemberRow | undefined;
  /** The viewer's conversation row (read position, remind type). */
  selfConversation?: MemberRow | undefined;
  conversation?: ConversationRow | undefined;
  last?: WireMessage | undefined;
}

/** The TIM Group shape (reference §12.3) with the viewer's `selfInfo`. */
export function toGroup({ group, self, selfConversation, conversation, last }: GroupViewParts): Group {
  const lastSeq = conversation?.lastSeq ?? 0;
  return {
    groupID: group.groupID,
    name: group.name,
    avatar: group.avatar,
    type: group.type,
    introduction: group.introduction,
    notification: group.notification,
    ownerID: group.ownerID,
    createTime: group.createdAt,
    infoSequence: group.infoSeq,
    lastInfoTime: group.lastInfoTime,
    selfInfo: {
      messageRemindType: selfConversation?.remindType ?? (self ? REMIND_TYPE.ACCEPT_AND_NOTIFY : ''),
      joinTime: self?.joinTime ?? 0,
      nameCard: self?.nameCard ?? '',
      role: self?.role ?? '',
      userID: self?.userID ?? '',
      memberCustomField: self ? parseFields(self.customFields) : [],
      readedSequence: selfConversation?.readSeq ?? 0,
      excludedUnreadSequenceList: [],
      muteUntil: self?.muteUntil ?? 0,
    },
    lastMessage: {
      lastTime: last?.time ?? 0,
      lastSequence: last?.sequence ?? 0,
      fromAccount: last?.from ?? '',
      messageForShow: last && !last.isRevoked ? messageForShow(last.type, last.payload) : '',
    },
    nextMessageSeq: lastSeq + 1,
    memberCount: group.memberCount,
    maxMemberCount: group.maxMembers,
    joinOption: group.joinOption,
    inviteOption: group.inviteOption,
    groupCustomField: parseFields(group.customFields),
    muteAllMembers: group.muteAll,
    isSupportTopic: false,
  };
}

/** The TIM GroupMember shape (reference §12.4). `isOnline` is false unless the caller knows better. */
export function toGroupMember(m: GroupMemberRow, profile: ProfileRow | undefined, isOnline = false): GroupMember {
  return {
    userID: m.userID,
    avatar: profile?.avatar ?? '',
    nick: profile?.nick ?? '',
    role: m.role,
    joinTime: m.joinTime,
    lastSendMsgTime: m.lastSendTime,
    nameCard: m.nameCard,
    muteUntil: m.muteUntil,
    memberCustomField: parseFields(m.customFields),
    isOnline,
  };
}
