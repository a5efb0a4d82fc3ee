import {
  CONVERSATION_GROUP_ROUTES as R,
  ConversationGroupListSchema,
  ConversationGroupMembersSchema,
  ConversationGroupNameSchema,
  ConversationListResultSchema,
  CreateConversationGroupSchema,
  OkSchema,
  RenameConversationGroupSchema,
  SetConversationCustomDataSchema,
} from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import {
  changeConversationGroup,
  createConversationGroup,
  deleteConversationGroup,
  getConversationGroups,
  renameConversationGroup,
} from '../../../domain/conversation-groups/actions.ts';
import { setConversationCustomData } from '../../../domain/conversation-groups/custom-data.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const meta = (summary: string) => ({ tags: ['conversations'], security: [{ userSig: [] }], summary });

/**
 * Conversation groups and custom data (decision 0049). Every write is one transaction and counts once against the
 * profile-edit budget, whatever its list (CGRP10): a script cannot turn a list of 100 into a write storm.
 */
export function conversationGroupRoutes(app: App, d: Domain, limits: UserLimits): void {
  const write = [requireUser(d), limitUser(limits, USER_ACTION.PROFILE_EDIT)];
  app.get(
    R.groups,
    {
      schema: {
        ...meta('My conversation groups (getConversationGroupList)'),
        response: { 200: ConversationGroupListSchema },
      },
      preHandler: requireUser(d),
    },
    async (request) => ({ groupList: await getConversationGroups(d, request.userID) }),
  );
  app.post(
    R.groups,
    {
      schema: {
        ...meta('Make a conversation group (createConversationGroup)'),
        body: CreateConversationGroupSchema,
        response: { 200: ConversationListResultSchema },
      },
      preHandler: write,
    },
    async ({ userID, body }) => createConversationGroup(d, userID, body.groupName, body.conversationIDList),
  );
  for (const [url, add, summary] of [
    [R.addToGroup, true, 'Put conversations in a group (addConversationsToGroup)'],
    [R.removeFromGroup, false, 'Take conversations out of a group (deleteConversationsFromGroup)'],
  ] as const)
    app.post(
      url,
      {
        schema: {
          ...meta(summary),
          body: ConversationGroupMembersSchema,
          response: { 200: ConversationListResultSchema },
        },
        preHandler: write,
      },
      async ({ userID, body }) => changeConversationGroup(d, userID, body.groupName, body.conversationIDList, add),
    );
  app.post(
    R.deleteGroup,
    {
      schema: {
        ...meta('Delete a conversation group (deleteConversationGroup)'),
        body: ConversationGroupNameSchema,
        response: { 200: OkSchema },
      },
      preHandler: write,
    },
    async ({ userID, body }) => {
      await deleteConversationGroup(d, userID, body.groupName);
      return {};
    },
  );
  app.post(
    R.renameGroup,
    {
      schema: {
        ...meta('Rename a conversation group (renameConversationGroup)'),
        body: RenameConversationGroupSchema,
        response: { 200: OkSchema },
      },
      preHandler: write,
    },
    async ({ userID, body }) => {
      await renameConversationGroup(d, userID, body.oldName, body.newName);
      return {};
    },
  );
  app.post(
    R.customData,
    {
      schema: {
        ...meta('Set my custom data on conversations (setConversationCustomData)'),
        body: SetConversationCustomDataSchema,
        response: { 200: ConversationListResultSchema },
      },
      preHandler: write,
    },
    async ({ userID, body }) => setConversationCustomData(d, userID, body.conversationIDList, body.customData),
  );
}
