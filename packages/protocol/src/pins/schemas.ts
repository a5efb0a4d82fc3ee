import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';
import { Strict } from '../schemas/common.ts';
import { MessageID, type WireMessage, WireMessageSchema } from '../schemas/message.ts';

/** Pinned group messages (reference §3.3 pinGroupMessage / getPinnedGroupMessageList; decision 0041). */
export const PIN_LIMITS = {
  /** PIN3: pinned messages per group at most; one more is 400 10004 until one is unpinned. */
  perGroup: 10,
} as const;

export const PIN_ROUTES = {
  /** GET getPinnedGroupMessageList; POST pinGroupMessage. */
  pinned: `${API_PREFIX}/groups/:groupID/pinned-messages`,
} as const;

export const pinnedPath = (groupID: string) => PIN_ROUTES.pinned.replace(':groupID', encodeURIComponent(groupID));

export const PinGroupMessageSchema = Type.Object({ messageID: MessageID, isPinned: Type.Boolean() }, Strict);
export type PinGroupMessage = Static<typeof PinGroupMessageSchema>;

export const PinnerInfoSchema = Type.Object({ userID: Type.String(), nick: Type.String(), avatar: Type.String() });
export type PinnerInfo = Static<typeof PinnerInfoSchema>;

/** Oldest pin first, with who pinned each (the SDK's `message.pinnerInfo`) and when (server seconds). */
export const PinnedListSchema = Type.Object({
  pinnedList: Type.Array(
    Type.Object({ message: WireMessageSchema, pinnerInfo: PinnerInfoSchema, pinTime: Type.Integer() }),
  ),
});
export type PinnedList = Static<typeof PinnedListSchema>;

/** PINNED_GROUP_MESSAGE_UPDATED (reference §10), to every member of the group. */
export type PinPushEvent = {
  type: 'group.message-pinned';
  groupID: string;
  message: WireMessage;
  isPinned: boolean;
  operatorInfo: PinnerInfo;
};
