import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPE, ERRORS, MESSAGE_TYPE, PORTAL_LANGUAGE, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { USER_ACTION } from '../limits/user-limits.ts';
import { sendMessage } from '../messages/send.ts';

/** Custom message data of a status notice (PCP15): the chat kit's `text_link` card plus what a client may read. */
export const STATUS_NOTICE = { businessID: 'text_link', kind: 'application_status' } as const;

type Lang = 'zh' | 'en';
type Status = 1 | 2 | 3 | 4;

const TEXTS: Record<Lang, Record<Status, (job: string) => string>> = {
  zh: {
    1: (job) => `【投递状态】您投递的「${job}」简历已被查看。`,
    2: (job) => `【投递状态】您投递的「${job}」已通过筛选，邀请您参加面试，面试安排可在此沟通。`,
    3: (job) => `【投递状态】感谢您投递「${job}」，经评估暂不合适，祝您求职顺利。`,
    4: (job) => `【投递状态】恭喜！您投递的「${job}」已被录用，入职事宜可在此沟通。`,
  },
  en: {
    1: (job) => `[Application] Your application for "${job}" has been viewed.`,
    2: (job) =>
      `[Application] Your application for "${job}" passed screening: you are invited to an interview. Let's arrange it here.`,
    3: (job) =>
      `[Application] Thank you for applying for "${job}". We found it is not a match this time. Good luck with your search.`,
    4: (job) => `[Application] Congratulations! You are hired for "${job}". Let's discuss the next steps here.`,
  },
};

/** The job seeker's language: the chat profile's `language` as the web app writes it; unset is Chinese. */
export const noticeLanguage = (language: number | undefined): Lang => (language === PORTAL_LANGUAGE.EN ? 'en' : 'zh');

export const statusNoticeText = (lang: Lang, status: Status, jobTitle: string): string => TEXTS[lang][status](jobTitle);

export { STATUS_NOTICE_SPACING } from './notice-spacing.ts';

/**
 * Decides whether moving an application to `status` is announced (ABU36, ABU37), and if so takes the message from
 * the enterprise's send budget (LIM5) first: over it, the change is refused with 60007 like any send, before anything
 * changes. Recorded before the budget is asked (which may be Redis, SHR2), so parallel changes cannot both pass; a
 * refusal puts back what was recorded before.
 */
export async function claimStatusNotice(
  d: Domain,
  app: { companyID: string; seekerID: string; jobID: number },
  status: number,
): Promise<boolean> {
  const key = `${app.companyID}|${app.seekerID}|${app.jobID}`;
  const next = d.statusNotices.next(key, status, d.clock.now());
  if (!next) return false;
  const before = d.statusNotices.record(key, next);
  try {
    await d.sendPath.limits.take(USER_ACTION.SEND, app.companyID);
  } catch (err) {
    d.statusNotices.putBack(key, next, before);
    throw err;
  }
  return true;
}

/**
 * PCP15 (decision 0023): tells the job seeker that the enterprise moved their application, as a message from the
 * enterprise's account in their one-to-one conversation (the same one the job page's 'Chat now' opens), written in
 * the job seeker's language. The status change is already committed: a job seeker who blocked the enterprise gets no
 * notice, and any other failure is logged, never turned into a refusal of the change.
 */
export async function notifyStatus(
  d: Domain,
  app: { companyID: string; seekerID: string; jobID: number; jobTitle: string; status: Status },
): Promise<void> {
  const profile = await d.storage.profiles.get(app.seekerID);
  const text = statusNoticeText(noticeLanguage(profile?.language), app.status, app.jobTitle);
  const data = {
    businessID: STATUS_NOTICE.businessID,
    text,
    link: `/user_jobshow?id=${app.jobID}`,
    kind: STATUS_NOTICE.kind,
    job_id: app.jobID,
    status: app.status,
  };
  try {
    await sendMessage(d, app.companyID, {
      ID: `portal-status-${randomUUID()}`,
      conversationType: CONVERSATION_TYPE.C2C,
      to: app.seekerID,
      type: MESSAGE_TYPE.CUSTOM,
      payload: { data: JSON.stringify(data), description: text, extension: '' },
    });
  } catch (err) {
    if (err instanceof ParleyError && err.code === ERRORS.BLOCKED_BY_RECIPIENT.code) return;
    d.onPublishError(err);
  }
}
