import type {
  ApplyExpertRequest,
  ArticleListRequest,
  ArticleShowRequest,
  ByIdRequest,
  InviteRequest,
  JobAddRequest,
  JobApplyRequest,
  JobCollectRequest,
  JobListRequest,
  MyJobsRequest,
  NewsListRequest,
  OwnPageRequest,
  OwnRequest,
  PasswordChangeRequest,
  PortalCallName,
  ResumeSaveRequest,
  UserShowRequest,
} from '@parley/protocol';
import { ownUser } from './access.ts';
import { changePassword, userShow } from './account-actions.ts';
import type { CallContext, Handler } from './call-types.ts';
import { activityPage, applyToJob, collectJob, invite, savedJobs, talentPool } from './activity-actions.ts';
import { PORTAL_CITIES, article, articles, block, contentPage, jobGroups } from './content-actions.ts';
import { addJob, jobDetail, myJobs, searchJobs } from './job-actions.ts';
import { applyExpert, expertApplication, resumeStatus, saveResume } from './resume-actions.ts';
import { PAGE_HANDLERS } from './pages-calls.ts';

/** The session's user (access was checked before the handler runs; PRT5, PRT6). */
const me = (c: CallContext) => ownUser(c.caller, undefined);

/**
 * The calls that only read or change portal data. Login, register and logout touch the session cookie and
 * are handled by the transport with the same checks (routes/tapi/session-calls.ts).
 */
export const PORTAL_HANDLERS: Partial<Record<PortalCallName, Handler>> = {
  'user/usershow': (d, p: UserShowRequest, c) => userShow(d, c.caller, p.uid),
  'user/resume': (d, p: OwnRequest, c) => resumeStatus(d, ownUser(c.caller, p.uid)),
  'user/resumesave': (d, p: ResumeSaveRequest, c) => saveResume(d, ownUser(c.caller, p.uid), p),
  'user/applyexpert': (d, p: ApplyExpertRequest, c) => applyExpert(d, ownUser(c.caller, p.uid), p),
  'user/expertapply': (d, p: OwnRequest, c) => expertApplication(d, ownUser(c.caller, p.uid)),
  'common/recruitgroup': (d) => jobGroups(d),
  'common/bimage': (d, p: ByIdRequest) => block(d, p.id),
  'common/dy': (d, p: ByIdRequest) => contentPage(d, p.id),
  'common/citys': async () => [...PORTAL_CITIES],
  'job/list': (d, p: JobListRequest, c) => searchJobs(d, p, c.cities),
  'job/show': (d, p: ByIdRequest, c) => jobDetail(d, p.id, c.caller),
  'job/mine': (d, p: MyJobsRequest, c) => myJobs(d, ownUser(c.caller, undefined), p),
  'news/list': (d, p: NewsListRequest) => articles(d, { kind: 'news', ...p }),
  'news/show': (d, p: ByIdRequest) => article(d, 'news', p.id),
  'article/list': (d, p: ArticleListRequest) => articles(d, p),
  'article/show': (d, p: ArticleShowRequest) => article(d, p.kind, p.id),
  'job/apply': (d, p: JobApplyRequest, c) => applyToJob(d, me(c), p.id),
  'user/deliver': (d, p: OwnPageRequest, c) => activityPage(d, 'application', { seekerID: me(c) }, p),
  'job/received': (d, p: OwnPageRequest, c) => activityPage(d, 'application', { companyID: me(c) }, p),
  'job/collect': (d, p: JobCollectRequest, c) => collectJob(d, me(c), p),
  'user/collect': (d, p: OwnPageRequest, c) => savedJobs(d, me(c), p),
  'job/add': (d, p: JobAddRequest, c) => addJob(d, me(c), p),
  'user/uppass': (d, p: PasswordChangeRequest, c) => changePassword(d, me(c), p, c.caller.sid),
  'talent/list': (d, p: OwnPageRequest) => talentPool(d, p),
  'talent/invite': (d, p: InviteRequest, c) => invite(d, me(c), p),
  'user/invite': (d, p: OwnPageRequest, c) => activityPage(d, 'invitation', { seekerID: me(c) }, p),
  'job/invited': (d, p: OwnPageRequest, c) => activityPage(d, 'invitation', { companyID: me(c) }, p),
  // Portal centre pages (PCP1-PCP12).
  ...PAGE_HANDLERS,
};
