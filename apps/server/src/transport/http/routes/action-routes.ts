/** Message-action routes: modify, recall, delete, reactions, receipts and merged records (decision 0015). */
import {
  ACTION_ROUTES,
  ChangesQuerySchema,
  ChangesSchema,
  ConversationParamSchema,
  CreateMergerSchema,
  HideResultSchema,
  MergerContentSchema,
  MergerKeySchema,
  MergerParamSchema,
  MessageActionParamSchema,
  MessageIDListSchema,
  MessageResultSchema,
  ModifyMessageSchema,
  OkSchema,
  ReactionBodySchema,
  ReactionQueryResultSchema,
  ReactionQuerySchema,
  ReactionUsersQuerySchema,
  ReactionUsersSchema,
  ReceiptListSchema,
} from '@parley/protocol';
import { Type } from 'typebox';
import { changesSince } from '../../../domain/actions/changes.ts';
import { hideMessages } from '../../../domain/actions/hide.ts';
import { loadMerger, storeMerger } from '../../../domain/actions/merger.ts';
import { modifyMessage } from '../../../domain/actions/modify.ts';
import { messageReactions, reactionUserPage, toggleReaction } from '../../../domain/actions/reactions.ts';
import { c2cReceiptList, sendC2CReceipts } from '../../../domain/actions/receipts.ts';
import { revokeMessage } from '../../../domain/actions/revoke.ts';
import { PAGES_TOPIC } from '../../../domain/actions/target.ts';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { invalidateConversationPages } from '../../../domain/messages/send-path.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const security = [{ userSig: [] }];
const tags = ['message actions'];

/**
 * Message actions (decision 0015): thin edges over domain/actions (GUIDE §5.1). Every route is authenticated, every input
 * checked by its schema; writes take from the user's send budget (a flood is 60007, never a crash).
 */
export function actionRoutes(app: App, d: Domain, limits: UserLimits): void {
  // Messages changed in place on another node: this node's cached pages of that conversation go (ACT10).
  void d.bus
    .subscribe(PAGES_TOPIC, (event) => {
      if (event.type === 'pages.invalidate' && typeof event.conversationID === 'string') {
        invalidateConversationPages(d, event.conversationID);
      }
    })
    .catch(d.onPublishError);
  const preHandler = requireUser(d);
  const writes = [preHandler, limitUser(limits, USER_ACTION.SEND)];
  const schema = <T extends object>(summary: string, s: T) => ({ tags, security, summary, ...s });

  app.post(
    ACTION_ROUTES.modify,
    {
      schema: schema('modifyMessage', {
        params: MessageActionParamSchema,
        body: ModifyMessageSchema,
        response: { 200: MessageResultSchema },
      }),
      preHandler: writes,
    },
    async (r) => ({
      message: await modifyMessage(d, r.userID, r.params.conversationID, r.params.messageID, r.body),
    }),
  );
  app.post(
    ACTION_ROUTES.revoke,
    {
      schema: schema('revokeMessage', { params: MessageActionParamSchema, response: { 200: MessageResultSchema } }),
      preHandler: writes,
    },
    async (r) => ({ message: await revokeMessage(d, r.userID, r.params.conversationID, r.params.messageID) }),
  );
  app.post(
    ACTION_ROUTES.hide,
    {
      schema: schema('deleteMessage (for me, on all my devices)', {
        params: ConversationParamSchema,
        body: MessageIDListSchema,
        response: { 200: HideResultSchema },
      }),
      preHandler: writes,
    },
    async (r) => ({ messageIDList: await hideMessages(d, r.userID, r.params.conversationID, r.body.messageIDList) }),
  );
  app.get(
    ACTION_ROUTES.changes,
    {
      schema: schema('Changes made in place after a change sequence (catch-up)', {
        params: ConversationParamSchema,
        querystring: ChangesQuerySchema,
        response: { 200: ChangesSchema },
      }),
      preHandler,
    },
    async (r) => changesSince(d, r.userID, r.params.conversationID, Number(r.query.after)),
  );
  reactionRoutes(app, d, preHandler, writes);
  receiptRoutes(app, d, preHandler, writes);
  mergerRoutes(app, d, preHandler, writes);
}

type Pre = ReturnType<typeof requireUser>;

function reactionRoutes(app: App, d: Domain, preHandler: Pre, writes: unknown[]): void {
  const body = { params: MessageActionParamSchema, body: ReactionBodySchema, response: { 200: OkSchema } };
  app.post(
    ACTION_ROUTES.reactions,
    { schema: { tags, security, summary: 'addMessageReaction', ...body }, preHandler: writes as never },
    async (r) => {
      await toggleReaction(d, r.userID, r.params.conversationID, r.params.messageID, r.body.reactionID, true);
      return {};
    },
  );
  app.delete(
    ACTION_ROUTES.reactions,
    { schema: { tags, security, summary: 'removeMessageReaction', ...body }, preHandler: writes as never },
    async (r) => {
      await toggleReaction(d, r.userID, r.params.conversationID, r.params.messageID, r.body.reactionID, false);
      return {};
    },
  );
  app.post(
    ACTION_ROUTES.reactionQuery,
    {
      schema: {
        tags,
        security,
        summary: 'getMessageReactions',
        params: ConversationParamSchema,
        body: ReactionQuerySchema,
        response: { 200: ReactionQueryResultSchema },
      },
      preHandler,
    },
    async (r) => ({
      resultList: await messageReactions(
        d,
        r.userID,
        r.params.conversationID,
        r.body.messageIDList,
        r.body.maxUserCountPerReaction,
      ),
    }),
  );
  app.get(
    ACTION_ROUTES.reactionUsers,
    {
      schema: {
        tags,
        security,
        summary: 'getAllUserListOfMessageReaction',
        params: MessageActionParamSchema,
        querystring: ReactionUsersQuerySchema,
        response: { 200: ReactionUsersSchema },
      },
      preHandler,
    },
    async (r) =>
      reactionUserPage(
        d,
        r.userID,
        r.params.conversationID,
        r.params.messageID,
        r.query.reactionID,
        Number(r.query.nextSeq ?? 0),
        Number(r.query.count ?? 100),
      ),
  );
}

function receiptRoutes(app: App, d: Domain, preHandler: Pre, writes: unknown[]): void {
  app.post(
    ACTION_ROUTES.receipts,
    {
      schema: {
        tags,
        security,
        summary: 'sendMessageReadReceipt (one-to-one)',
        params: ConversationParamSchema,
        body: MessageIDListSchema,
        response: { 200: Type.Object({ messageIDList: Type.Array(Type.String()) }) },
      },
      preHandler: writes as never,
    },
    async (r) => ({
      messageIDList: await sendC2CReceipts(d, r.userID, r.params.conversationID, r.body.messageIDList),
    }),
  );
  app.post(
    ACTION_ROUTES.receiptQuery,
    {
      schema: {
        tags,
        security,
        summary: 'getMessageReadReceiptList (one-to-one)',
        params: ConversationParamSchema,
        body: MessageIDListSchema,
        response: { 200: ReceiptListSchema },
      },
      preHandler,
    },
    async (r) => ({ receiptList: await c2cReceiptList(d, r.userID, r.params.conversationID, r.body.messageIDList) }),
  );
}

function mergerRoutes(app: App, d: Domain, preHandler: Pre, writes: unknown[]): void {
  app.post(
    ACTION_ROUTES.mergers,
    {
      schema: {
        tags,
        security,
        summary: 'Store merged records (createMergerMessage at send)',
        body: CreateMergerSchema,
        response: { 200: MergerKeySchema },
      },
      preHandler: writes as never,
    },
    async (r) => ({ downloadKey: await storeMerger(d, r.userID, r.body) }),
  );
  app.get(
    ACTION_ROUTES.merger,
    {
      schema: {
        tags,
        security,
        summary: 'downloadMergerMessage',
        params: MergerParamSchema,
        response: { 200: MergerContentSchema },
      },
      preHandler,
    },
    async (r) => loadMerger(d, r.params.downloadKey),
  );
}
