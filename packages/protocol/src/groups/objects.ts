import { type Static, Type } from 'typebox';

/** `groupCustomField` / `memberCustomField` items. */
export const CustomFieldSchema = Type.Object({ key: Type.String(), value: Type.String() });

/** `Group.selfInfo` (reference §12.3) plus `muteUntil` (seed 000 §3); defaults for a non-member. */
export const GroupSelfInfoSchema = Type.Object({
  messageRemindType: Type.String(),
  joinTime: Type.Integer(),
  nameCard: Type.String(),
  role: Type.String(),
  userID: Type.String(),
  memberCustomField: Type.Array(CustomFieldSchema),
  readedSequence: Type.Integer(),
  excludedUnreadSequenceList: Type.Array(Type.Integer()),
  muteUntil: Type.Integer({ description: 'seconds; muted while in the future' }),
});

export const GroupLastMessageSchema = Type.Object({
  lastTime: Type.Integer(),
  lastSequence: Type.Integer(),
  fromAccount: Type.String(),
  messageForShow: Type.String(),
});

/** Group (reference §12.3). `memberNum`/`maxMemberNum` are SDK getters over the counts. */
export const GroupSchema = Type.Object({
  groupID: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  type: Type.String(),
  introduction: Type.String(),
  notification: Type.String(),
  ownerID: Type.String(),
  createTime: Type.Integer(),
  infoSequence: Type.Integer(),
  lastInfoTime: Type.Integer(),
  selfInfo: GroupSelfInfoSchema,
  lastMessage: GroupLastMessageSchema,
  nextMessageSeq: Type.Integer(),
  memberCount: Type.Integer(),
  maxMemberCount: Type.Integer(),
  joinOption: Type.String(),
  inviteOption: Type.String(),
  groupCustomField: Type.Array(CustomFieldSchema),
  muteAllMembers: Type.Boolean(),
  isSupportTopic: Type.Boolean(),
});
export type Group = Static<typeof GroupSchema>;

/** GroupMember (reference §12.4). */
export const GroupMemberSchema = Type.Object({
  userID: Type.String(),
  avatar: Type.String(),
  nick: Type.String(),
  role: Type.String(),
  joinTime: Type.Integer(),
  lastSendMsgTime: Type.Integer(),
  nameCard: Type.String(),
  muteUntil: Type.Integer(),
  memberCustomField: Type.Array(CustomFieldSchema),
  isOnline: Type.Boolean(),
});
export type GroupMember = Static<typeof GroupMemberSchema>;

/** One member as a tip names it; `muteTime` on mute tips (seconds, 0 = unmuted). */
export const TipMemberSchema = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  muteTime: Type.Optional(Type.Integer()),
});

/** TIMGroupTipElem payload (reference §12.1, seed 000 §3). Written by the server into the group's stream. */
export const GroupTipPayloadSchema = Type.Object({
  operationType: Type.Integer(),
  operatorID: Type.String(),
  userIDList: Type.Array(Type.String()),
  groupProfile: Type.Object({
    from: Type.String(),
    groupID: Type.String(),
    groupName: Type.String(),
    to: Type.String(),
  }),
  operatorInfo: Type.Object({ userID: Type.String(), nick: Type.String(), avatar: Type.String() }),
  memberList: Type.Array(TipMemberSchema),
  newGroupProfile: Type.Object({
    muteAllMembers: Type.Optional(Type.Boolean()),
    ownerID: Type.Optional(Type.String()),
    groupName: Type.Optional(Type.String()),
    notification: Type.Optional(Type.String()),
  }),
  memberNum: Type.Integer(),
  memberCount: Type.Integer(),
});
export type GroupTipPayload = Static<typeof GroupTipPayloadSchema>;

/**
 * TIMGroupSystemNoticeElem payload (reference §12.1, seed 000 §3), delivered in `@TIM#SYSTEM`. Join requests
 * (operationType 1) also name the `applicant` and carry the applicant's `applyMessage`; whether one is still to
 * be answered is in getGroupApplicationList (it leaves the list for every admin once one has answered).
 */
export const GroupSystemNoticePayloadSchema = Type.Object({
  operationType: Type.Integer(),
  operatorID: Type.String(),
  groupProfile: Type.Object({
    from: Type.String(),
    groupID: Type.String(),
    name: Type.String(),
    to: Type.String(),
    groupType: Type.String(),
  }),
  handleMessage: Type.String(),
  userDefinedField: Type.String(),
  applicant: Type.Optional(Type.String()),
  applyMessage: Type.Optional(Type.String()),
});
export type GroupSystemNoticePayload = Static<typeof GroupSystemNoticePayloadSchema>;

/** One entry of a conversation's `groupAtInfoList` (reference §12.2). */
export const GroupAtInfoSchema = Type.Object({
  from: Type.String(),
  groupID: Type.String(),
  topicID: Type.String(),
  messageSequence: Type.Integer(),
  atTypeArray: Type.Array(Type.Integer()),
});
export type GroupAtInfo = Static<typeof GroupAtInfoSchema>;

/** Read state of one group message that needs a receipt (`readReceiptInfo`, MESSAGE_READ_RECEIPT_RECEIVED). */
export const GroupReadReceiptSchema = Type.Object({
  groupID: Type.String(),
  messageID: Type.String(),
  readCount: Type.Integer(),
  unreadCount: Type.Integer(),
});
export type GroupReadReceipt = Static<typeof GroupReadReceiptSchema>;

/** A pending join application (getGroupApplicationList item, reference §5). */
export const GroupApplicationSchema = Type.Object({
  applicant: Type.String(),
  applicantNick: Type.String(),
  groupID: Type.String(),
  groupName: Type.String(),
  applicationType: Type.Integer(),
  userID: Type.String(),
  note: Type.String(),
  authentication: Type.String(),
  messageKey: Type.Integer(),
});
export type GroupApplication = Static<typeof GroupApplicationSchema>;
