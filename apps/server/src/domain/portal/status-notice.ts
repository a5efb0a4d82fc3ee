import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPE, ERRORS, MESSAGE_TYPE, PORTAL_LANGUAGE, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { USER_ACTION } from '../limits/user-limits.ts';
import { sendMessage } from '../messages/send.ts';
import { sendPathOf } from '../messages/send-path.ts';

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

/**
 * How often one application is announced (ABU36, decision 0027): within `windowMs` of its first notice, at most `max`
 * notices, and never the status its last notice already told.
 */
export const STATUS_NOTICE_SPACING = { windowMs: 600_000, max: 3, maxKeys: 10_000 } as const;

interface Announced {
  status: number;
  count: number;
  until: number;
}

// Per storage, like the send path's state: on several nodes each node spaces the notices it sends (a few more at
// worst), the send budget already being per node (LIM5).
const announcedByStorage = new WeakMap<object, Map<string, Announced>>();

function announcedOf(d: Pick<Domain, 'storage'>, now: number): Map<string, Announced> {
  let map = announcedByStorage.get(d.storage);
  if (!map) {
    map = new Map();
    announcedByStorage.set(d.storage, map);
  }
  if (map.size >= STATUS_NOTICE_SPACING.maxKeys) for (const [k, a] of map) if (a.until <= now) map.delete(k);
  return map;
}

/**
 * Decides whether moving an application to `status` is announced (ABU36, ABU37), and if so takes the message from
 * the enterprise's send budget (LIM5) first: over it, the change is refused with 60007 like any send, before anything
 * changes. Synchronous from check to record, so parallel changes cannot both pass.
 */
export function claimStatusNotice(
  d: Domain,
  app: { companyID: string; seekerID: string; jobID: number },
  status: number,
): boolean {
  const now = d.clock.now();
  const map = announcedOf(d, now);
  const key = `${app.companyID}|${app.seekerID}|${app.jobID}`;
  const live = map.get(key);
  const last = live && live.until > now ? live : undefined;
  if (last && (last.status === status || last.count >= STATUS_NOTICE_SPACING.max)) return false;
  sendPathOf(d).limits?.take(USER_ACTION.SEND, app.companyID);
  map.set(key, { status, count: (last?.count ?? 0) + 1, until: last?.until ?? now + STATUS_NOTICE_SPACING.windowMs });
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
