import {
  ConversationIDParamSchema,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationSchema,
  FindMessageParamSchema,
  HoppingQuerySchema,
  HoppingSchema,
  MESSAGE_ROUTES,
  MessageListQuerySchema,
  MessageListSchema,
  OkSchema,
  PinSchema,
  ReadResultSchema,
  SendMessageResultSchema,
  SendMessageSchema,
  SetRemindResultSchema,
  SetRemindSchema,
  UnreadSchema,
  WireMessageSchema,
} from '@parley/protocol';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Domain } from '../../../domain/context.ts';
import {
  clearHistory,
  deleteConversation,
  getConversation,
  listConversations,
  markRead,
  pinConversation,
  setRemindType,
  totalUnread,
} from '../../../domain/conversations/actions.ts';
import { findMessage, listMessages } from '../../../domain/messages/history.ts';
import { hopMessages } from '../../../domain/messages/hopping.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { messagePageJSON } from '../../../domain/messages/history-page.ts';
import { sendMessage } from '../../../domain/messages/send.ts';
import { refusalReason, secondsSince } from '../../../domain/metrics/ports.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const security = [{ userSig: [] }];

/**
 * Sends JSON text built from stored wire JSON (rules HIST2, SP5): a string with a JSON content type skips the
 * response serialiser. The text is the schema's shape by construction (tests parse and check it).
 */
function jsonText(reply: { type(contentType: string): unknown }, text: string): never {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(text) as never;
}
const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));

export function messageRoutes(app: App, d: Domain, limits: UserLimits): void {
  const preHandler = requireUser(d);
  const tags = ['messages'];

  app.post(
    MESSAGE_ROUTES.send,
    {
      schema: {
        tags,
        security,
        summary: 'Send a message (sendMessage); idempotent on the message ID',
        body: SendMessageSchema,
        response: { 200: SendMessageResultSchema },
      },
      preHandler: [preHandler, limitUser(limits, USER_ACTION.SEND)],
      // Every refusal, the rate limit's and the schema's included, is counted by its reason (MET4).
      onError: (_request, _reply, error, done) => {
        d.meter.messages.refused(refusalReason(error)).inc();
        done();
      },
    },
    // The stored wire JSON goes out as is: a string with a JSON content type skips the response serialiser.
    async (request, reply) => {
      const at = performance.now();
      const { json } = await sendMessage(d, request.userID, request.body);
      d.meter.sendLatency.ack.observe(secondsSince(at));
      return jsonText(reply, `{"message":${json}}`);
    },
  );
  app.get(
    MESSAGE_ROUTES.messages,
    {
      schema: {
        tags,
        security,
        summary: 'History page (getMessageList) or catch-up after a sequence',
        params: ConversationIDParamSchema,
        querystring: MessageListQuerySchema,
        response: { 200: MessageListSchema },
      },
      preHandler,
    },
    async (request, reply) => {
      const q = request.query;
      if (q.afterSeq !== undefined) {
        return listMessages(d, request.userID, request.params.conversationID, {
          afterSeq: num(q.afterSeq),
          count: num(q.count),
        });
      }
      const page = await messagePageJSON(d, request.userID, request.params.conversationID, {
        nextReqMessageID: q.nextReqMessageID,
        beforeSeq: num(q.beforeSeq),
        count: num(q.count),
      });
      return jsonText(reply, page);
    },
  );
  app.get(
    MESSAGE_ROUTES.findMessage,
    {
      schema: {
        tags,
        security,
        summary: 'One message by ID (findMessage)',
        params: FindMessageParamSchema,
        response: { 200: Type.Object({ message: WireMessageSchema }) },
      },
      preHandler,
    },
    async (request) => ({
      message: await findMessage(d, request.userID, request.params.conversationID, request.params.messageID),
    }),
  );
  app.get(
    MESSAGE_ROUTES.hopping,
    {
      schema: {
        tags,
        security,
        summary: 'History from a sequence or time, older or newer (getMessageListHopping, SRCH41)',
        params: ConversationIDParamSchema,
        querystring: HoppingQuerySchema,
        response: { 200: HoppingSchema },
      },
      preHandler,
    },
    async (request) => {
      const q = request.query;
      return hopMessages(d, request.userID, request.params.conversationID, {
        sequence: num(q.sequence),
        time: num(q.time),
        direction: q.direction === '1' ? 'newer' : 'older',
        count: num(q.count),
      });
    },
  );
  conversationRoutes(app, d, preHandler);
}

function conversationRoutes(app: App, d: Domain, preHandler: ReturnType<typeof requireUser>): void {
  const tags = ['conversations'];
  app.get(
    MESSAGE_ROUTES.conversations,
    {
      schema: {
        tags,
        security,
        summary: 'My conversations, or those changed since a sync version; one page of at most 100 (ABU24)',
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListSchema },
      },
      preHandler,
    },
    async (request) =>
      listConversations(d, request.userID, Number(request.query.since ?? 0), {
        cursor: request.query.cursor,
        count: request.query.count === undefined ? undefined : Number(request.query.count),
      }),
  );
  app.get(
    MESSAGE_ROUTES.conversation,
    {
      schema: {
        tags,
        security,
        summary: 'Conversation profile (works for a peer never messaged)',
        params: ConversationIDParamSchema,
        response: { 200: ConversationSchema },
      },
      preHandler,
    },
    async (request) => ({ conversation: await getConversation(d, request.userID, request.params.conversationID) }),
  );
  app.delete(
    MESSAGE_ROUTES.conversation,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a conversation and its history for me',
        params: ConversationIDParamSchema,
        response: { 200: OkSchema },
      },
      preHandler,
    },
    async (request) => {
      await deleteConversation(d, request.userID, request.params.conversationID);
      return {};
    },
  );
  app.post(
    MESSAGE_ROUTES.clear,
    {
      schema: {
        tags,
        security,
        summary: 'Clear my history of the conversation, keeping it in my list (clearHistoryMessage)',
        params: ConversationIDParamSchema,
        response: { 200: OkSchema },
      },
      preHandler,
    },
    async (request) => {
      await clearHistory(d, request.userID, request.params.conversationID);
      return {};
    },
  );
  app.post(
    MESSAGE_ROUTES.read,
    {
      schema: {
        tags,
        security,
        summary: 'Mark the conversation read (setMessageRead)',
        params: ConversationIDParamSchema,
        response: { 200: ReadResultSchema },
      },
      preHandler,
    },
    async (request) => ({ readSequence: await markRead(d, request.userID, request.params.conversationID) }),
  );
  app.post(
    MESSAGE_ROUTES.pin,
    {
      schema: {
        tags,
        security,
        summary: 'Pin or unpin (pinConversation)',
        params: ConversationIDParamSchema,
        body: PinSchema,
        response: { 200: OkSchema },
      },
      preHandler,
    },
    async (request) => {
      await pinConversation(d, request.userID, request.params.conversationID, request.body.isPinned);
      return {};
    },
  );
  app.post(
    MESSAGE_ROUTES.remind,
    {
      schema: {
        tags,
        security,
        summary: 'Set the remind type of C2C conversations (setMessageRemindType)',
        body: SetRemindSchema,
        response: { 200: SetRemindResultSchema },
      },
      preHandler,
    },
    async (request) => setRemindType(d, request.userID, request.body.userIDList, request.body.messageRemindType),
  );
  app.get(
    MESSAGE_ROUTES.unread,
    {
      schema: {
        tags,
        security,
        summary: 'Total unread count (getTotalUnreadMessageCount)',
        response: { 200: UnreadSchema },
      },
      preHandler,
    },
    async (request) => ({ totalUnreadCount: await totalUnread(d, request.userID) }),
  );
}
