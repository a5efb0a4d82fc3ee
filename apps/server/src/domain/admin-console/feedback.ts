import type { FeedbackListQuery } from '@parley/protocol';
import { operatorFeedback, replyToFeedback } from '../portal/feedback-actions.ts';
import { type Actor, type Console, audit } from './console.ts';
import { requireAbility } from './roles.ts';

/** ADM37: the portal's feedback queue, the same actions as the admin API's (PCP14). */
export async function feedbackQueue(c: Console, actor: Actor, query: FeedbackListQuery) {
  requireAbility(actor.role, 'read');
  return operatorFeedback(c.d, query);
}

/** ADM37: a moderator or operator answers; the user sees it in feedback/mine. */
export async function answerFeedback(c: Console, actor: Actor, id: string, reply: string) {
  requireAbility(actor.role, 'moderate');
  const item = await replyToFeedback(c.d, id, reply);
  await audit(c, actor, 'feedback.reply', id, { uid: item.uid });
  return item;
}
