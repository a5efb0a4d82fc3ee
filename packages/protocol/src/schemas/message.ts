import { type Static, Type } from 'typebox';
import { CONVERSATION_TYPE, MESSAGE_TYPE } from '../constants.ts';
import { MAX_SAFE_INT, Strict, Text } from './common.ts';

/** Client-generated message ID: stable from create*Message through every retry (rule M1). */
export const MessageID = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:@-]+$' });

export const MessageTypeSchema = Type.Union([
  Type.Literal(MESSAGE_TYPE.TEXT),
  Type.Literal(MESSAGE_TYPE.IMAGE),
  Type.Literal(MESSAGE_TYPE.AUDIO),
  Type.Literal(MESSAGE_TYPE.VIDEO),
  Type.Literal(MESSAGE_TYPE.FILE),
  Type.Literal(MESSAGE_TYPE.FACE),
  Type.Literal(MESSAGE_TYPE.LOCATION),
  Type.Literal(MESSAGE_TYPE.CUSTOM),
  Type.Literal(MESSAGE_TYPE.MERGER),
  Type.Literal(MESSAGE_TYPE.GROUP_TIP),
  Type.Literal(MESSAGE_TYPE.GROUP_SYSTEM_NOTICE),
]);

/** Types a client may send today; the storage already accepts every type (rule ST1). */
export const SENDABLE_TYPES = [
  MESSAGE_TYPE.TEXT,
  MESSAGE_TYPE.CUSTOM,
  MESSAGE_TYPE.FACE,
  MESSAGE_TYPE.LOCATION,
  // Rich messages (decision 0016)
  MESSAGE_TYPE.IMAGE,
  MESSAGE_TYPE.VIDEO,
  MESSAGE_TYPE.AUDIO,
  MESSAGE_TYPE.FILE,
] as const;

export const TextPayloadSchema = Type.Object({ text: Text({ minLength: 1 }) }, Strict);
export const CustomPayloadSchema = Type.Object(
  {
    data: Type.Optional(Text()),
    description: Type.Optional(Text()),
    extension: Type.Optional(Text()),
  },
  Strict,
);
export const FacePayloadSchema = Type.Object(
  { index: Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }), data: Text() },
  Strict,
);
export const LocationPayloadSchema = Type.Object(
  {
    description: Text(),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
  },
  Strict,
);

/** A message as the server stores and sends it; the SDK derives flow, status and conversationID. */
export const WireMessageSchema = Type.Object({
  ID: Type.String(),
  conversationType: Type.String(),
  from: Type.String(),
  to: Type.String(),
  sequence: Type.Integer(),
  time: Type.Integer({ description: 'server time, seconds' }),
  clientTime: Type.Integer(),
  type: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  cloudCustomData: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  nameCard: Type.String(),
  priority: Type.String(),
  needReadReceipt: Type.Boolean(),
  atUserList: Type.Array(Type.String()),
  isRevoked: Type.Boolean(),
  isModified: Type.Boolean(),
  isDeleted: Type.Boolean(),
  onlineOnly: Type.Boolean(),
  /** Message actions (decision 0015): the modify version (modifyMessage's conflict check) and who recalled it. */
  version: Type.Optional(Type.Integer()),
  revoker: Type.Optional(Type.String()),
  /** Edited messages (decision 0046, EDIT4): server seconds of the sender's last content edit; absent if never. */
  editTime: Type.Optional(Type.Integer()),
});
export type WireMessage = Static<typeof WireMessageSchema>;

export const SendMessageSchema = Type.Object(
  {
    ID: MessageID,
    /** GROUP (decision 0012): `to` is the group ID. */
    conversationType: Type.Union([Type.Literal(CONVERSATION_TYPE.C2C), Type.Literal(CONVERSATION_TYPE.GROUP)]),
    to: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@#-]+$' }),
    type: MessageTypeSchema,
    payload: Type.Record(Type.String(), Type.Unknown()),
    cloudCustomData: Type.Optional(Text()),
    needReadReceipt: Type.Optional(Type.Boolean()),
    priority: Type.Optional(
      Type.Union([Type.Literal('High'), Type.Literal('Normal'), Type.Literal('Low'), Type.Literal('Lowest')]),
    ),
    atUserList: Type.Optional(Type.Array(Text({ maxLength: 64 }), { maxItems: 100 })),
    clientTime: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    /** Pushed to connected peers only: never stored, never unread (typing notices). */
    onlineUserOnly: Type.Optional(Type.Boolean()),
  },
  Strict,
);
export type SendMessage = Static<typeof SendMessageSchema>;

export const SendMessageResultSchema = Type.Object({ message: WireMessageSchema });

const Digits = Type.String({ pattern: '^[0-9]{1,15}$' });

/**
 * History (nextReqMessageID or beforeSeq, newest page first) or catch-up (afterSeq, oldest first). `beforeTime` and
 * `afterTime` (seconds) page from a time instead, the anchor's second included: getMessageListHopping in a
 * one-to-one conversation (CMP33).
 */
export const MessageListQuerySchema = Type.Object(
  {
    nextReqMessageID: Type.Optional(MessageID),
    beforeSeq: Type.Optional(Digits),
    afterSeq: Type.Optional(Digits),
    beforeTime: Type.Optional(Digits),
    afterTime: Type.Optional(Digits),
    count: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
  },
  Strict,
);

export const MessageListSchema = Type.Object({
  /** Oldest to newest within the page, as the TIM SDK returns it. */
  messageList: Type.Array(WireMessageSchema),
  nextReqMessageID: Type.String(),
  isCompleted: Type.Boolean(),
});
export type MessageList = Static<typeof MessageListSchema>;
