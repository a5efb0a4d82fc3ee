import {
  type OwnPageRequest,
  ParleyError,
  type Privacy,
  type PrivacyRequest,
  type ResumeViewerPage,
  type Verification,
  type VerifyRequest,
  type ViewedJobPage,
} from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { paging } from './content-actions.ts';
import { maskIdNumber, normalizeIdNumber } from './identity-codes.ts';
import { jobItem } from './items.ts';
import type { VerificationRow } from './pages-ports.ts';

/** PCP1: a job seeker's opening of a job detail; visitors and enterprises leave no trace. */
export async function recordJobView(
  d: Domain,
  caller: { userID: string | undefined; identity: number },
  jobID: number,
) {
  if (caller.userID && caller.identity === 1) await d.storage.portal.viewJob(caller.userID, jobID, nowSeconds(d));
}

/** PCP1: the jobs the job seeker opened, last opened first; a job closed since stays with `open` 0. */
export async function viewedJobs(d: Domain, userID: string, q: OwnPageRequest): Promise<ViewedJobPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.viewedJobs(userID, p.offset, p.limit);
  const list = rows.map((j) => ({
    ...jobItem(j),
    viewed_at: j.viewedAt,
    open: j.status === 1 ? (1 as const) : (0 as const),
  }));
  return { list, total, page: p.page, size: p.size };
}

/** PCP2: the enterprises that opened the job seeker's resume (talent/show), last first. */
export async function resumeViewers(d: Domain, userID: string, q: OwnPageRequest): Promise<ResumeViewerPage> {
  const p = paging(q.page, q.size);
  const { rows, total } = await d.storage.portal.resumeViewers(userID, p.offset, p.limit);
  const list = rows.map((r) => ({ company: { uid: r.companyID, title: r.companyTitle }, time: r.viewedAt }));
  return { list, total, page: p.page, size: p.size };
}

/** A real name: 2-30 Chinese characters or letters, with the middle dot or spaces of minority and foreign names. */
const REAL_NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{0,28}[\p{Script=Han}A-Za-z]$/u;

const verificationView = (r: VerificationRow): Verification => ({
  name: r.name,
  idcard: maskIdNumber(r.idNumber),
  status: r.status,
  time: r.createdAt,
});

/** PCP4: name and ID number checked locally (shape, province, birth date, check digit); once only. */
export async function verify(d: Domain, userID: string, q: VerifyRequest): Promise<Verification> {
  const name = q.name.trim();
  if (!REAL_NAME.test(name))
    throw ParleyError.of('PORTAL_BAD_NAME', 'The real name must be 2-30 Chinese characters or letters');
  const idNumber = normalizeIdNumber(q.idcard, new Date(d.clock.now()));
  if (!idNumber) throw ParleyError.of('PORTAL_BAD_ID_NUMBER');
  const row = { userID, name, idNumber, status: 1, createdAt: nowSeconds(d) };
  if (!(await d.storage.portal.addVerification(row))) throw ParleyError.of('PORTAL_ALREADY_VERIFIED');
  return verificationView(row);
}

export async function verification(d: Domain, userID: string): Promise<Verification | null> {
  const row = await d.storage.portal.verification(userID);
  return row ? verificationView(row) : null;
}

/** PCP6: what enterprises may see; by default the resume is visible with the name. */
export async function privacy(d: Domain, userID: string, q: PrivacyRequest): Promise<Privacy> {
  const now = (await d.storage.portal.privacy(userID)) ?? { userID, visible: 1, showName: 1 };
  const next = { userID, visible: q.visible ?? now.visible, showName: q.show_name ?? now.showName };
  if (q.visible !== undefined || q.show_name !== undefined) await d.storage.portal.putPrivacy(next);
  return { visible: next.visible === 1 ? 1 : 0, show_name: next.showName === 1 ? 1 : 0 };
}
