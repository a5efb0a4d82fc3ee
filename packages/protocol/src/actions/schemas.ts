import { type Static, Type } from 'typebox';
import { ConversationID, MAX_SAFE_INT, Strict, Text } from '../schemas/common.ts';
import { MessageID, WireMessageSchema } from '../schemas/message.ts';
import { ACTION_LIMITS, REACTION_ID_MAX_LENGTH, REACTION_ID_PATTERN } from './constants.ts';

export const MessageActionParamSchema = Type.Object({ conversationID: ConversationID, messageID: MessageID }, Strict);
export const ConversationParamSchema = Type.Object({ conversationID: ConversationID }, Strict);

/** modifyMessage: the version the client last saw (rule ACT1) and what it changes. */
export const ModifyMessageSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
    cloudCustomData: Type.Optional(Text()),
    /** A text's new content; only the sender may change it. */
    payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  Strict,
);
export type ModifyMessage = Static<typeof ModifyMessageSchema>;

export const MessageResultSchema = Type.Object({ message: WireMessageSchema });

const IDList = Type.Array(MessageID, { minItems: 1, maxItems: ACTION_LIMITS.batchMessages });

export const MessageIDListSchema = Type.Object({ messageIDList: IDList }, Strict);
export const HideResultSchema = Type.Object({ messageIDList: Type.Array(Type.String()) });

export const ChangesQuerySchema = Type.Object({ after: Type.String({ pattern: '^[0-9]{1,15}$' }) }, Strict);

export const ReactionUserSchema = Type.Object({ userID: Type.String(), nick: Type.String(), avatar: Type.String() });
export const ReactionSchema = Type.Object({
  reactionID: Type.String(),
  totalUserCount: Type.Integer(),
  partialUserList: Type.Array(ReactionUserSchema),
  reactedByMyself: Type.Boolean(),
});
export type WireReaction = Static<typeof ReactionSchema>;
export const MessageReactionsSchema = Type.Object({
  messageID: Type.String(),
  reactionList: Type.Array(ReactionSchema),
});
export type MessageReactions = Static<typeof MessageReactionsSchema>;

/** What changed in place after `after`: current messages (with their reactions) and the IDs I deleted. */
export const ChangesSchema = Type.Object({
  changeSequence: Type.Integer(),
  messageList: Type.Array(WireMessageSchema),
  reactionList: Type.Array(MessageReactionsSchema),
  deletedMessageIDList: Type.Array(Type.String()),
  isCompleted: Type.Boolean(),
});
export type Changes = Static<typeof ChangesSchema>;

export const ReactionBodySchema = Type.Object(
  { reactionID: Type.String({ minLength: 1, maxLength: REACTION_ID_MAX_LENGTH, pattern: REACTION_ID_PATTERN }) },
  Strict,
);
export const ReactionQuerySchema = Type.Object(
  {
    messageIDList: IDList,
    maxUserCountPerReaction: Type.Optional(
      Type.Integer({ minimum: 0, maximum: ACTION_LIMITS.reactionUsersPerReaction }),
    ),
  },
  Strict,
);
export const ReactionQueryResultSchema = Type.Object({ resultList: Type.Array(MessageReactionsSchema) });
export const ReactionUsersQuerySchema = Type.Object(
  {
    reactionID: Type.String({ minLength: 1, maxLength: REACTION_ID_MAX_LENGTH, pattern: REACTION_ID_PATTERN }),
    nextSeq: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
    count: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  },
  Strict,
);
export const ReactionUsersSchema = Type.Object({
  userList: Type.Array(ReactionUserSchema),
  nextSeq: Type.Integer(),
  isCompleted: Type.Boolean(),
});

export const ReceiptInfoSchema = Type.Object({
  messageID: Type.String(),
  isPeerRead: Type.Boolean(),
  timestamp: Type.Integer(),
});
export const ReceiptListSchema = Type.Object({ receiptList: Type.Array(ReceiptInfoSchema) });

/** One message inside a merged record (reference §12.1 SimplifiedMessage). */
export const SimplifiedMessageSchema = Type.Object(
  {
    ID: Text({ maxLength: 128 }),
    nick: Type.Optional(Text({ maxLength: 256 })),
    avatar: Type.Optional(Text({ maxLength: 1024 })),
    from: Text({ maxLength: 64 }),
    time: Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT }),
    cloudCustomData: Type.Optional(Text()),
    messageSender: Type.Optional(Text({ maxLength: 256 })),
    clientTime: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    messageSequence: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    messageRandom: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INT })),
    receiverUserID: Type.Optional(Text({ maxLength: 64 })),
    receiverGroupID: Type.Optional(Text({ maxLength: 64 })),
    messageBody: Type.Array(
      Type.Object({ type: Text({ maxLength: 32 }), payload: Type.Record(Type.String(), Type.Unknown()) }, Strict),
      { minItems: 1, maxItems: 1 },
    ),
  },
  { additionalProperties: true },
);
export type SimplifiedMessage = Static<typeof SimplifiedMessageSchema>;

export const CreateMergerSchema = Type.Object(
  {
    title: Text({ minLength: 1, maxLength: 200 }),
    abstractList: Type.Array(Text({ maxLength: 200 }), { maxItems: ACTION_LIMITS.mergerAbstractLines }),
    compatibleText: Text({ minLength: 1, maxLength: 200 }),
    messageList: Type.Array(SimplifiedMessageSchema, { minItems: 1, maxItems: ACTION_LIMITS.mergerMessages }),
  },
  Strict,
);
export type CreateMerger = Static<typeof CreateMergerSchema>;
export const MergerKeySchema = Type.Object({ downloadKey: Type.String() });
export const MergerParamSchema = Type.Object(
  { downloadKey: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  Strict,
);
export const MergerContentSchema = Type.Object({
  messageList: Type.Array(SimplifiedMessageSchema),
  title: Type.String(),
  abstractList: Type.Array(Type.String()),
});

/**
 * A nested merger given inline inside merged records (rule ABU31): its records are in `messageList` (checked level
 * by level by the server, each against SimplifiedMessageSchema), the rest is what a merger message carries; the key
 * may still be empty when the SDK has not stored them yet.
 */
export const InlineRelayPayloadSchema = Type.Object(
  {
    messageList: Type.Array(Type.Unknown(), { minItems: 1, maxItems: ACTION_LIMITS.mergerMessages }),
    downloadKey: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' })),
    title: Type.Optional(Text({ maxLength: 200 })),
    abstractList: Type.Optional(Type.Array(Text({ maxLength: 200 }), { maxItems: ACTION_LIMITS.mergerAbstractLines })),
    compatibleText: Type.Optional(Text({ maxLength: 200 })),
    version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    layersOverLimit: Type.Optional(Type.Boolean()),
  },
  Strict,
);

/**
 * A merged record as a message carries it (TIMRelayElem): the records themselves are stored once by
 * `POST /mergers` and named by an unguessable `downloadKey` (decision 0015), so the message stays small.
 */
export const RelayPayloadSchema = Type.Object(
  {
    downloadKey: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    title: Text({ minLength: 1, maxLength: 200 }),
    abstractList: Type.Array(Text({ maxLength: 200 }), { maxItems: ACTION_LIMITS.mergerAbstractLines }),
    compatibleText: Text({ minLength: 1, maxLength: 200 }),
    version: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    layersOverLimit: Type.Optional(Type.Boolean()),
  },
  Strict,
);
