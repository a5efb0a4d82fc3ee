import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';
import { ConversationID, NO_NUL, Strict } from '../schemas/common.ts';

/**
 * Conversation groups and conversation custom data, kept on the server per user (decision 0049). A group is one of
 * my named folders of conversations; a conversation's groups and its custom data live in my member row, so every
 * device of mine reads them with the list (CGRP1, CGRP14).
 */
export const CONVERSATION_GROUP_LIMITS = {
  /** CGRP3: groups per user (51010 past it, as TIM). */
  groupsPerUser: 20,
  /** CGRP3: a group's name in UTF-8 bytes (51011 past it, as TIM). */
  nameBytes: 32,
  /** CGRP3: conversations in one call (the schema refuses more, as markConversation's list, MARK2). */
  listSize: 100,
  /** CGRP3: conversations in one group (51008 past it: TIM's "total over 1000"). */
  conversationsPerGroup: 1000,
  /** CGRP14: a conversation's customData in UTF-8 bytes (reference §4: ≤ 256 B). */
  customDataBytes: 256,
} as const;

export const CONVERSATION_GROUP_ROUTES = {
  /** GET getConversationGroupList, POST createConversationGroup (CGRP1, CGRP4). */
  groups: `${API_PREFIX}/conversation-groups`,
  /** POST deleteConversationGroup (CGRP6). */
  deleteGroup: `${API_PREFIX}/conversation-groups/delete`,
  /** POST renameConversationGroup (CGRP7). */
  renameGroup: `${API_PREFIX}/conversation-groups/rename`,
  /** POST addConversationsToGroup (CGRP5). */
  addToGroup: `${API_PREFIX}/conversation-groups/add`,
  /** POST deleteConversationsFromGroup (CGRP5). */
  removeFromGroup: `${API_PREFIX}/conversation-groups/remove`,
  /** POST setConversationCustomData (CGRP14). */
  customData: `${API_PREFIX}/conversations/custom-data`,
} as const;

/**
 * A group's name: not empty, no control characters; the server checks the 32-byte bound (51011), so a name of CJK
 * characters under 32 characters but over 32 bytes gets TIM's code rather than a schema error.
 */
export const ConversationGroupName = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[^\\u0000-\\u001F\\u007F]+$',
});

const IDList = Type.Array(ConversationID, { minItems: 1, maxItems: CONVERSATION_GROUP_LIMITS.listSize });

export const ConversationGroupListSchema = Type.Object({ groupList: Type.Array(Type.String()) });
export type ConversationGroupList = Static<typeof ConversationGroupListSchema>;

export const ConversationGroupMembersSchema = Type.Object(
  { groupName: ConversationGroupName, conversationIDList: IDList },
  Strict,
);
export type ConversationGroupMembers = Static<typeof ConversationGroupMembersSchema>;

/** createConversationGroup: TIM makes a group with its first conversations; an empty list makes an empty group. */
export const CreateConversationGroupSchema = Type.Object(
  {
    groupName: ConversationGroupName,
    conversationIDList: Type.Array(ConversationID, { maxItems: CONVERSATION_GROUP_LIMITS.listSize }),
  },
  Strict,
);
export type CreateConversationGroup = Static<typeof CreateConversationGroupSchema>;

export const ConversationGroupNameSchema = Type.Object({ groupName: ConversationGroupName }, Strict);
export const RenameConversationGroupSchema = Type.Object(
  { oldName: ConversationGroupName, newName: ConversationGroupName },
  Strict,
);

/** customData is any text but NUL (IN1); the server checks the 256-byte bound (CGRP14). */
export const SetConversationCustomDataSchema = Type.Object(
  { conversationIDList: IDList, customData: Type.String({ maxLength: 1024, pattern: NO_NUL }) },
  Strict,
);
export type SetConversationCustomData = Static<typeof SetConversationCustomDataSchema>;

/** Each conversation answered on its own, as markConversation (CGRP5, CGRP14). */
export const ConversationListResultSchema = Type.Object({
  successConversationIDList: Type.Array(Type.String()),
  failureConversationIDList: Type.Array(
    Type.Object({ conversationID: Type.String(), code: Type.Integer(), message: Type.String() }),
  ),
});
export type ConversationListResult = Static<typeof ConversationListResultSchema>;

/**
 * CGRP9: my group list changed (made, renamed, deleted) on some device. Conversations moving in or out of a group
 * change their member rows and arrive as `conversation.changed`, as a pin does.
 */
export type ConversationGroupPushEvent = { type: 'conversation.groups-changed'; groupList: string[] };
