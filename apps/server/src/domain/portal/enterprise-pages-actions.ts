import {
  type ApplicationItem,
  type ApplicationStatusRequest,
  type Certification,
  type CertifyRequest,
  type JobFair,
  type JobFairJoinRequest,
  type JobFairPage,
  type MyJobShow,
  type OwnPageRequest,
  PORTAL_QUOTA,
  ParleyError,
  type Quota,
  type RecommendPage,
  type TalentShow,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { article, articles, paging } from './content-actions.ts';
import { normalizeCreditCode } from './identity-codes.ts';
import { applicationItem, jobItem, seekerCard, shownResume } from './items.ts';
import { QUOTA_WINDOW_SECONDS } from './quota-check.ts';
import type { CertificationRow } from './pages-ports.ts';
import { claimStatusNotice, notifyStatus } from './status-notice.ts';

const certView = (r: CertificationRow): Certification => ({
  name: r.name,
  code: r.code,
  status: r.status,
  time: r.createdAt,
});

/** PCP7: the registered name (2-60 characters) and a credit code passing GB 32100's check; one account per code. */
export async function certify(d: Domain, companyID: string, q: CertifyRequest): Promise<Certification> {
  const name = q.name.trim();
  if ([...name].length < 2) throw ParleyError.of('PORTAL_BAD_NAME', 'The company name must be 2-60 characters');
  const code = normalizeCreditCode(q.code);
  if (!code) throw ParleyError.of('PORTAL_BAD_CREDIT_CODE');
  if (await d.storage.portal.certification(companyID)) throw ParleyError.of('PORTAL_ALREADY_VERIFIED');
  const holder = await d.storage.portal.certificationByCode(code);
  if (holder && holder.userID !== companyID) throw ParleyError.of('PORTAL_CODE_TAKEN');
  const row = { userID: companyID, name, code, status: 1, createdAt: nowSeconds(d) };
  if (!(await d.storage.portal.putCertification(row))) throw ParleyError.of('PORTAL_CODE_TAKEN');
  return certView(row);
}

export async function certification(d: Domain, companyID: string): Promise<Certification | null> {
  const row = await d.storage.portal.certification(companyID);
  return row ? certView(row) : null;
}

/** PCP9: visible complete resumes whose intention matches one of the enterprise's open jobs. */
export async function recommend(d: Domain, companyID: string, q: OwnPageRequest): Promise<RecommendPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.matches(companyID, p.offset, p.limit);
  const list = rows.map((r) => ({
    ...seekerCard(r.userID, r.nick, shownResume(r, r.showName)),
    match: { id: r.jobID, title: r.jobTitle },
  }));
  return { list, total, page: p.page, size: p.size };
}

/**
 * PCP8 PCP10: one job seeker's resume for an enterprise. Allowed when the resume is visible, or when the job seeker
 * applied to one of the enterprise's jobs (applying shows it to that enterprise). Records the view (PCP2) and moves
 * the job seeker's submitted applications to this enterprise to 'viewed'.
 */
export async function talentShow(d: Domain, companyID: string, seekerID: string): Promise<TalentShow> {
  const account = await d.storage.accounts.get(seekerID);
  if (account?.identity !== 1) throw ParleyError.of('PORTAL_NOT_FOUND');
  const applied = await d.storage.portal.applicationsOf({ seekerID, companyID }, 50);
  const settings = (await d.storage.portal.privacy(seekerID)) ?? { visible: 1, showName: 1 };
  if (settings.visible !== 1 && applied.length === 0) throw ParleyError.of('PORTAL_RESUME_HIDDEN');
  const [resume, profile] = [await d.storage.portal.resume(seekerID), await d.storage.profiles.get(seekerID)];
  const showName = applied.length > 0 ? 1 : settings.showName;
  const shown = resume && shownResume(resume, showName);
  const now = nowSeconds(d);
  await d.storage.portal.viewResume(seekerID, companyID, now);
  await d.storage.portal.markApplicationsViewed(seekerID, companyID, now);
  const after = applied.length > 0 ? await d.storage.portal.applicationsOf({ seekerID, companyID }, 50) : [];
  return {
    seeker: seekerCard(seekerID, profile?.nick ?? '', shown),
    intro: shown?.intro ?? '',
    applications: after.map(applicationItem),
  };
}

/** /jushow: one of the caller's own jobs, open or closed, with its applications; another's is not found. */
export async function myJobShow(d: Domain, companyID: string, jobID: number): Promise<MyJobShow> {
  const job = await d.storage.portal.job(jobID);
  if (!job || job.companyID !== companyID) throw ParleyError.of('PORTAL_NOT_FOUND');
  const rows = await d.storage.portal.applicationsOf({ jobID, companyID }, 200);
  return { job: { ...jobItem(job), open: job.status === 1 ? 1 : 0 }, applications: rows.map(applicationItem) };
}

/**
 * PCP10 PCP15: the enterprise moves an application to one of its own jobs to viewed, interview, not suitable or
 * hired; a real change is announced to the job seeker in their chat with the enterprise (status-notice.ts), spaced
 * and within the enterprise's send budget (ABU36, ABU37).
 */
export async function setStatus(d: Domain, companyID: string, q: ApplicationStatusRequest): Promise<ApplicationItem> {
  const key = { jobID: q.job_id, seekerID: q.seeker, companyID };
  const [before] = await d.storage.portal.applicationsOf(key, 1);
  if (!before) throw ParleyError.of('PORTAL_NOT_FOUND');
  // Decided (and the send budget taken) before the change, so a change over the budget changes nothing (ABU37).
  const notice = { companyID, seekerID: q.seeker, jobID: q.job_id };
  const announce = before.status !== q.status && (await claimStatusNotice(d, notice, q.status));
  if (!(await d.storage.portal.setApplicationStatus(key, q.status, nowSeconds(d))))
    throw ParleyError.of('PORTAL_NOT_FOUND');
  const [row] = await d.storage.portal.applicationsOf(key, 1);
  if (!row) throw ParleyError.of('PORTAL_NOT_FOUND');
  if (announce) await notifyStatus(d, { ...notice, jobTitle: row.jobTitle, status: q.status });
  return applicationItem(row);
}

/** PCP11: the job fairs (zp, t 1), each with whether the caller booked a booth. */
export async function jobFairs(d: Domain, companyID: string, q: OwnPageRequest): Promise<JobFairPage> {
  const page = await articles(d, { kind: 'zp', t: 1, ...q });
  const booked = new Set(await d.storage.portal.jobFairIDs(companyID));
  return { ...page, list: page.list.map((a) => ({ ...a, joined: booked.has(a.id) ? 1 : 0 })) };
}

/** PCP11: book (at most PORTAL_QUOTA.jobFairs at a time, PCP12) or cancel a booth at a job fair. */
export async function joinJobFair(d: Domain, companyID: string, q: JobFairJoinRequest): Promise<JobFair> {
  const fair = await d.storage.portal.article(q.id);
  if (fair?.kind !== 'zp' || fair.sub !== 1) throw ParleyError.of('PORTAL_NOT_FOUND');
  const booked = new Set(await d.storage.portal.jobFairIDs(companyID));
  if (q.join === 1 && !booked.has(q.id)) {
    if (booked.size >= PORTAL_QUOTA.jobFairs) throw ParleyError.of('PORTAL_QUOTA_EXCEEDED');
    await d.storage.portal.joinJobFair(companyID, q.id, nowSeconds(d));
  } else if (q.join === 0) {
    await d.storage.portal.leaveJobFair(companyID, q.id);
  }
  const { content: _content, ...item } = await article(d, 'zp', q.id);
  return { ...item, joined: q.join };
}

/** PCP12: the free service package every enterprise has, and what is used of it. */
export async function quota(d: Domain, companyID: string): Promise<Quota> {
  const used = await d.storage.portal.usage(companyID, nowSeconds(d) - QUOTA_WINDOW_SECONDS);
  const certified = (await d.storage.portal.certification(companyID)) ? 1 : 0;
  return {
    package: 'free',
    certified,
    items: [
      { key: 'openJobs', used: used.openJobs, limit: PORTAL_QUOTA.openJobs },
      { key: 'invitations', used: used.invitations, limit: PORTAL_QUOTA.invitationsPerMonth },
      { key: 'jobFairs', used: used.jobFairs, limit: PORTAL_QUOTA.jobFairs },
    ],
  };
}
