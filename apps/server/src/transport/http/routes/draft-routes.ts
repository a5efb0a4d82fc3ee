import { ConversationIDParamSchema, ConversationSchema, DRAFT_ROUTES, SetDraftSchema } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { setDraft } from '../../../domain/drafts/actions.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

/**
 * Drafts (decision 0041). A draft is saved as the user types (debounced by the kit), so it shares the typing
 * budget (DRF6): a script cannot turn it into a write storm.
 */
export function draftRoutes(app: App, d: Domain, limits: UserLimits): void {
  app.put(
    DRAFT_ROUTES.draft,
    {
      schema: {
        tags: ['conversations'],
        security: [{ userSig: [] }],
        summary: 'Set or clear my draft of a conversation (setConversationDraft)',
        params: ConversationIDParamSchema,
        body: SetDraftSchema,
        response: { 200: ConversationSchema },
      },
      preHandler: [requireUser(d), limitUser(limits, USER_ACTION.TYPING)],
    },
    async (request) => ({
      conversation: await setDraft(d, request.userID, request.params.conversationID, request.body.draftText),
    }),
  );
}
