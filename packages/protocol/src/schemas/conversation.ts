import { type Static, Type } from 'typebox';
import { REMIND_TYPE } from '../constants.ts';
import { GroupAtInfoSchema, GroupSchema } from '../groups/objects.ts';
import { ConversationID, Strict, UserID } from './common.ts';
import { MessageID } from './message.ts';
import { ProfileSchema } from './profile.ts';

/** `lastMessage` in the TIM shape (reference §12.2) with a display text. */
export const LastMessageSchema = Type.Object({
  ID: Type.String(),
  lastTime: Type.Integer(),
  lastSequence: Type.Integer(),
  fromAccount: Type.String(),
  type: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  messageForShow: Type.String(),
  cloudCustomData: Type.String(),
  nick: Type.String(),
  nameCard: Type.String(),
  isRevoked: Type.Boolean(),
  isPeerRead: Type.Boolean(),
});
export type LastMessage = Static<typeof LastMessageSchema>;

export const WireConversationSchema = Type.Object({
  conversationID: Type.String(),
  type: Type.String(),
  userProfile: Type.Optional(ProfileSchema),
  /** GROUP conversations (decision 0012): the group with my `selfInfo` (role, muteUntil). */
  groupProfile: Type.Optional(GroupSchema),
  /** GROUP conversations: unread mentions of me or everyone (AT_ME / AT_ALL / AT_ALL_AT_ME) until I read. */
  groupAtInfoList: Type.Optional(Type.Array(GroupAtInfoSchema)),
  lastMessage: Type.Union([LastMessageSchema, Type.Null()]),
  unreadCount: Type.Integer(),
  /** My read position; messages after it not sent by me are unread. */
  readSequence: Type.Integer(),
  /** The peer's read position: my messages up to it are read by the peer. */
  peerReadSequence: Type.Integer(),
  lastSequence: Type.Integer(),
  /** Messages up to it were cleared for me (deleteConversation). */
  clearedSequence: Type.Integer(),
  isPinned: Type.Boolean(),
  pinnedAt: Type.Integer(),
  messageRemindType: Type.String(),
  /**
   * My draft, kept on the server so every device shows it (DRF1); '' when none. Optional on the wire so a start
   * snapshot saved by an older client still reads.
   */
  draftText: Type.Optional(Type.String()),
  /** Server time (s) the draft was last set; 0 when none. */
  draftTime: Type.Optional(Type.Integer()),
  /**
   * My marks (decision 0043, MARK1) as bit numbers 0..63, ascending; TIM's `markList` is their 2^n. Optional on the
   * wire so a start snapshot saved by an older client still reads.
   */
  markBits: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 63 }))),
  /** My conversation groups holding it (decision 0049, CGRP1), in the order I made them. Optional like markBits. */
  groupNames: Type.Optional(Type.Array(Type.String())),
  /** My custom data on it (CGRP14), '' when none. */
  customData: Type.Optional(Type.String()),
  /** Deleted from my list until the next message arrives. */
  hidden: Type.Boolean(),
  syncVersion: Type.Integer(),
});
export type WireConversation = Static<typeof WireConversationSchema>;

/** Pages by conversation ID (ABU24): `cursor` is the last conversation ID of the previous page, `since` unchanged. */
export const ConversationListQuerySchema = Type.Object(
  {
    since: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
    cursor: Type.Optional(ConversationID),
    count: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
  },
  Strict,
);

export const ConversationListSchema = Type.Object({
  conversationList: Type.Array(WireConversationSchema),
  /**
   * Pass as `since` to get only what changed after this answer. Paging: the first page's value covers the whole
   * walk (a row changed while the client pages has a later version, so the next sync lists it again).
   */
  syncVersion: Type.Integer(),
  /** False while more pages follow. */
  isSyncCompleted: Type.Boolean(),
  /** Pass as `cursor` (with the same `since`) for the next page; absent or empty on the last one. */
  nextCursor: Type.Optional(Type.String()),
});
export type ConversationList = Static<typeof ConversationListSchema>;

export const ConversationSchema = Type.Object({ conversation: WireConversationSchema });

export const ConversationIDParamSchema = Type.Object({ conversationID: ConversationID }, Strict);
export const FindMessageParamSchema = Type.Object(
  {
    conversationID: ConversationID,
    messageID: MessageID,
  },
  Strict,
);

export const PinSchema = Type.Object({ isPinned: Type.Boolean() }, Strict);

export const RemindTypeSchema = Type.Union([
  Type.Literal(REMIND_TYPE.ACCEPT_AND_NOTIFY),
  Type.Literal(REMIND_TYPE.ACCEPT_NOT_NOTIFY),
]);

export const SetRemindSchema = Type.Object(
  { userIDList: Type.Array(UserID, { minItems: 1, maxItems: 30 }), messageRemindType: RemindTypeSchema },
  Strict,
);
export const SetRemindResultSchema = Type.Object({
  successUserIDList: Type.Array(Type.Object({ userID: Type.String() })),
  failureUserIDList: Type.Array(Type.Object({ userID: Type.String(), code: Type.Integer(), message: Type.String() })),
});

export const ReadResultSchema = Type.Object({ readSequence: Type.Integer() });
export const UnreadSchema = Type.Object({ totalUnreadCount: Type.Integer() });
