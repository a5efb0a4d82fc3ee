import {
  FeedbackIDParamSchema,
  FeedbackListQuerySchema,
  FeedbackReplySchema,
  OperatorFeedbackPageSchema,
  OperatorFeedbackSchema,
  PORTAL_ADMIN_ROUTES,
} from '@parley/protocol';
import type { Domain } from '../../../../domain/context.ts';
import { operatorFeedback, replyToFeedback } from '../../../../domain/portal/feedback-actions.ts';
import type { App } from '../../app-type.ts';
import { requireAdmin } from '../../auth.ts';

const tags = ['admin', 'portal'];
const security = [{ adminKey: [] }];

/** Admin API: the operator reads the portal's feedback and answers it (PCP14). */
export function feedbackAdminRoutes(app: App, d: Domain, adminKey: string | undefined): void {
  const admin = requireAdmin(adminKey);
  app.get(
    PORTAL_ADMIN_ROUTES.feedback,
    {
      schema: {
        tags,
        security,
        summary: "Every user's portal feedback, newest first (status 0: still to answer)",
        querystring: FeedbackListQuerySchema,
        response: { 200: OperatorFeedbackPageSchema },
      },
      preHandler: admin,
    },
    async (request) => operatorFeedback(d, request.query),
  );
  app.put(
    PORTAL_ADMIN_ROUTES.feedbackReply,
    {
      schema: {
        tags,
        security,
        summary: 'Answer a feedback item; the user sees the answer and its time in feedback/mine',
        params: FeedbackIDParamSchema,
        body: FeedbackReplySchema,
        response: { 200: OperatorFeedbackSchema },
      },
      preHandler: admin,
    },
    async (request) => replyToFeedback(d, request.params.id, request.body.reply),
  );
}
