import { MARK_ROUTES, MarkConversationsSchema, MarkResultSchema } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import { markConversations } from '../../../domain/marks/actions.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

/**
 * Conversation marks (decision 0043). One call marks up to 100 conversations in one transaction and counts once
 * against the profile-edit budget (MARK2): a script cannot turn it into a write storm.
 */
export function markRoutes(app: App, d: Domain, limits: UserLimits): void {
  app.post(
    MARK_ROUTES.marks,
    {
      schema: {
        tags: ['conversations'],
        security: [{ userSig: [] }],
        summary: 'Set or clear one mark on my conversations (markConversation)',
        body: MarkConversationsSchema,
        response: { 200: MarkResultSchema },
      },
      preHandler: [requireUser(d), limitUser(limits, USER_ACTION.PROFILE_EDIT)],
    },
    async (request) => {
      const { conversationIDList, markBit, enableMark } = request.body;
      return markConversations(d, request.userID, conversationIDList, markBit, enableMark);
    },
  );
}
