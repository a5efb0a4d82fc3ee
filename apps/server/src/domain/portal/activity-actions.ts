import {
  type ApplicationItem,
  type ApplicationPage,
  IDENTITY,
  type InvitationItem,
  type InvitationPage,
  type InviteRequest,
  type JobCollectData,
  type JobCollectRequest,
  type JobPage,
  type OwnPageRequest,
  ParleyError,
  type TalentPage,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import type { ActivityKind, ActivityView } from './activity-ports.ts';
import { paging } from './content-actions.ts';
import { activityBase, applicationItem, jobItem, seekerCard, shownResume } from './items.ts';
import { checkQuota } from './quota-check.ts';
import type { JobView } from './ports.ts';

const invitationItem = (v: ActivityView): InvitationItem => ({ ...activityBase(v), note: v.note });

/** An open job, else 'not found' (a closed job takes no applications, saves or invitations). */
async function openJob(d: Domain, id: number): Promise<JobView> {
  const job = await d.storage.portal.job(id);
  if (job?.status !== 1) throw ParleyError.of('PORTAL_NOT_FOUND');
  return job;
}

async function one(d: Domain, kind: ActivityKind, jobID: number, seekerID: string): Promise<ActivityView> {
  const { rows } = await d.storage.portal.activities(kind, { seekerID, jobID, offset: 0, limit: 1 });
  const row = rows[0];
  if (!row) throw ParleyError.of('PORTAL_NOT_FOUND');
  return row;
}

/** One application of the job seeker to a job (PCP3: only one's own; another's is simply not found). */
export async function oneApplication(d: Domain, seekerID: string, jobID: number): Promise<ApplicationItem> {
  return applicationItem(await one(d, 'application', jobID, seekerID));
}

/** PRT17: a job seeker applies once per open job; the application reaches the job's enterprise. */
export async function applyToJob(d: Domain, seekerID: string, jobID: number): Promise<ApplicationItem> {
  const job = await openJob(d, jobID);
  const row = { jobID, seekerID, companyID: job.companyID, note: '', createdAt: nowSeconds(d) };
  if (!(await d.storage.portal.addActivity('application', row))) throw ParleyError.of('PORTAL_ALREADY_APPLIED');
  return applicationItem(await one(d, 'application', jobID, seekerID));
}

/** PRT18: one side's applications or invitations, newest first. */
export async function activityPage(
  d: Domain,
  kind: ActivityKind,
  side: { seekerID: string } | { companyID: string },
  q: OwnPageRequest,
): Promise<InvitationPage | ApplicationPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.activities(kind, { ...side, offset: p.offset, limit: p.limit });
  if (kind === 'invitation') return { list: rows.map(invitationItem), total, page: p.page, size: p.size };
  return { list: rows.map(applicationItem), total, page: p.page, size: p.size };
}

/** PRT19: save an open job (again is fine) or remove it. */
export async function collectJob(d: Domain, userID: string, q: JobCollectRequest): Promise<JobCollectData> {
  if (q.collect === 1) {
    await openJob(d, q.id);
    await d.storage.portal.saveJob(userID, q.id, nowSeconds(d));
  } else {
    await d.storage.portal.unsaveJob(userID, q.id);
  }
  return { id: q.id, collected: q.collect };
}

export async function savedJobs(d: Domain, userID: string, q: OwnPageRequest): Promise<JobPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.savedJobs(userID, p.offset, p.limit);
  return { list: rows.map(jobItem), total, page: p.page, size: p.size };
}

/** PRT22: job seekers whose resume is complete, as cards. */
export async function talentPool(d: Domain, q: OwnPageRequest): Promise<TalentPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.talent(p.offset, p.limit);
  // PCP8: the name as the job seeker lets it be shown.
  const list = rows.map((r) => seekerCard(r.userID, r.nick, shownResume(r, r.showName)));
  return { list, total, page: p.page, size: p.size };
}

/** PRT23: an enterprise invites a job seeker to one of its own open jobs, once per pair. */
export async function invite(d: Domain, companyID: string, q: InviteRequest): Promise<InvitationItem> {
  const job = await openJob(d, q.job_id);
  if (job.companyID !== companyID) throw ParleyError.of('PORTAL_NOT_YOURS');
  await checkQuota(d, companyID, 'invitations');
  const seeker = await d.storage.accounts.get(q.seeker);
  if (seeker?.identity !== IDENTITY.JOB_SEEKER) throw ParleyError.of('PORTAL_NOT_FOUND');
  const row = { jobID: job.id, seekerID: q.seeker, companyID, note: (q.note ?? '').trim(), createdAt: nowSeconds(d) };
  if (!(await d.storage.portal.addActivity('invitation', row))) throw ParleyError.of('PORTAL_ALREADY_INVITED');
  return invitationItem(await one(d, 'invitation', job.id, q.seeker));
}
