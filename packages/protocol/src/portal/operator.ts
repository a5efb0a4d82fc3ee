import { type Static, Type } from 'typebox';
import { FeedbackItemSchema } from './pages.ts';
import { PStrict, PText, Paged } from './shared.ts';

/**
 * The operator's side of the portal (admin API, `x-parley-admin-key`): reading every user's feedback and answering
 * it (PCP14). The job seeker or enterprise sees the answer and its time in `feedback/mine`.
 */
export const PORTAL_ADMIN_ROUTES = {
  feedback: '/admin/v1/portal/feedback',
  feedbackReply: '/admin/v1/portal/feedback/:id/reply',
} as const;

/** Query strings are text: `status` 0 (open) or 1 (replied), `page` 1-10000, `size` 1-50. */
export const FeedbackListQuerySchema = Type.Object(
  {
    status: Type.Optional(Type.String({ pattern: '^[01]$', description: '0 open, 1 replied' })),
    page: Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,3}|10000)$' })),
    size: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4][0-9]|50)$' })),
  },
  PStrict,
);
export type FeedbackListQuery = Static<typeof FeedbackListQuerySchema>;

/** An item as the operator sees it: the user's feedback and who sent it. */
export const OperatorFeedbackSchema = Type.Object({ ...FeedbackItemSchema.properties, uid: Type.String() }, PStrict);
export type OperatorFeedback = Static<typeof OperatorFeedbackSchema>;
export const OperatorFeedbackPageSchema = Paged(OperatorFeedbackSchema);
export type OperatorFeedbackPage = Static<typeof OperatorFeedbackPageSchema>;

/** Feedback IDs are UUIDs (randomUUID); anything else, a NUL or a path among them, is a 400 before any query. */
export const FeedbackIDParamSchema = Type.Object({ id: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }, PStrict);
/** The answer: 1-1000 characters after trimming; a second answer replaces the first. */
export const FeedbackReplySchema = Type.Object({ reply: PText({ minLength: 1, maxLength: 1000 }) }, PStrict);
export type FeedbackReply = Static<typeof FeedbackReplySchema>;
