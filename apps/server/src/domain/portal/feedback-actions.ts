import { randomUUID } from 'node:crypto';
import {
  type FeedbackAddRequest,
  type FeedbackItem,
  type FeedbackListQuery,
  type FeedbackPage,
  type OperatorFeedback,
  type OperatorFeedbackPage,
  type OwnPageRequest,
  ParleyError,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { paging } from './content-actions.ts';
import type { FeedbackRow } from './pages-ports.ts';

const MOBILE = /^1[3-9][0-9]{9}$/;
const EMAIL = /^[^\s@]{1,40}@[^\s@]{1,40}\.[A-Za-z]{2,10}$/;

const feedbackItem = (r: FeedbackRow): FeedbackItem => ({
  id: r.id,
  kind: r.kind,
  content: r.content,
  contact: r.contact,
  status: r.status,
  reply: r.reply,
  reply_time: r.repliedAt,
  time: r.createdAt,
});

const operatorItem = (r: FeedbackRow): OperatorFeedback => ({ ...feedbackItem(r), uid: r.userID });

/** PCP5: 5-500 characters after trimming; the contact, if any, a mobile number or an e-mail address. */
export async function addFeedback(d: Domain, userID: string, q: FeedbackAddRequest): Promise<FeedbackItem> {
  const content = q.content.trim();
  if ([...content].length < 5) throw ParleyError.of('INVALID_PARAMS', 'content: at least 5 characters');
  const contact = (q.contact ?? '').trim();
  if (contact && !MOBILE.test(contact) && !EMAIL.test(contact))
    throw ParleyError.of('INVALID_PARAMS', 'contact: a mobile number or an e-mail address');
  const row = {
    id: randomUUID(),
    userID,
    kind: q.kind,
    content,
    contact,
    status: 0,
    reply: '',
    repliedAt: 0,
    createdAt: nowSeconds(d),
  };
  await d.storage.portal.addFeedback(row);
  return feedbackItem(row);
}

/** PCP5 PCP14: the caller's own feedback, newest first, each with the operator's reply and its time if any. */
export async function myFeedback(d: Domain, userID: string, q: OwnPageRequest): Promise<FeedbackPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.feedback(userID, p.offset, p.limit);
  return { list: rows.map(feedbackItem), total, page: p.page, size: p.size };
}

/** PCP14 (admin API): every user's feedback, newest first, optionally only the open or the replied ones. */
export async function operatorFeedback(d: Domain, q: FeedbackListQuery): Promise<OperatorFeedbackPage> {
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const p = paging(num(q.page), num(q.size));
  const { rows, total } = await d.storage.portal.allFeedback(num(q.status), p.offset, p.limit);
  return { list: rows.map(operatorItem), total, page: p.page, size: p.size };
}

/** PCP14 (admin API): answers an item (1-1000 characters after trimming; a new answer replaces the old one). */
export async function replyToFeedback(d: Domain, id: string, text: string): Promise<OperatorFeedback> {
  const reply = text.trim();
  if (!reply) throw ParleyError.of('INVALID_PARAMS', 'reply: at least 1 character');
  const row = await d.storage.portal.replyFeedback(id, reply, nowSeconds(d));
  if (!row) throw ParleyError.of('PORTAL_NOT_FOUND');
  return operatorItem(row);
}
