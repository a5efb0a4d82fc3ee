import type {
  ApplicationStatusRequest,
  CertifyRequest,
  DeliverShowRequest,
  FeedbackAddRequest,
  JobFairJoinRequest,
  OwnPageRequest,
  PortalCallName,
  PrivacyRequest,
  TalentShowRequest,
  VerifyRequest,
} from '@parley/protocol';
import { ownUser } from './access.ts';
import { oneApplication } from './activity-actions.ts';
import type { CallContext, Handler } from './call-types.ts';
import {
  certification,
  certify,
  jobFairs,
  joinJobFair,
  myJobShow,
  quota,
  recommend,
  setStatus,
  talentShow,
} from './enterprise-pages-actions.ts';
import { addFeedback, myFeedback } from './feedback-actions.ts';
import { privacy, resumeViewers, verification, verify, viewedJobs } from './seeker-pages-actions.ts';

/** The session's user; access (PRT5) was checked before the handler runs. */
const me = (c: CallContext) => ownUser(c.caller, undefined);

/** The centre pages' calls (PCP1-PCP12); calls.ts spreads them into PORTAL_HANDLERS. */
export const PAGE_HANDLERS: Partial<Record<PortalCallName, Handler>> = {
  'user/viewed': (d, p: OwnPageRequest, c) => viewedJobs(d, me(c), p),
  'user/viewers': (d, p: OwnPageRequest, c) => resumeViewers(d, me(c), p),
  'user/delivershow': (d, p: DeliverShowRequest, c) => oneApplication(d, me(c), p.id),
  'user/verify': (d, p: VerifyRequest, c) => verify(d, me(c), p),
  'user/verifyshow': (d, _p, c) => verification(d, me(c)),
  'user/privacy': (d, p: PrivacyRequest, c) => privacy(d, me(c), p),
  'feedback/add': (d, p: FeedbackAddRequest, c) => addFeedback(d, me(c), p),
  'feedback/mine': (d, p: OwnPageRequest, c) => myFeedback(d, me(c), p),
  'company/certify': (d, p: CertifyRequest, c) => certify(d, me(c), p),
  'company/certshow': (d, _p, c) => certification(d, me(c)),
  'company/quota': (d, _p, c) => quota(d, me(c)),
  'talent/recommend': (d, p: OwnPageRequest, c) => recommend(d, me(c), p),
  'talent/show': (d, p: TalentShowRequest, c) => talentShow(d, me(c), p.seeker),
  'job/mineshow': (d, p: DeliverShowRequest, c) => myJobShow(d, me(c), p.id),
  'job/status': (d, p: ApplicationStatusRequest, c) => setStatus(d, me(c), p),
  'jobfair/list': (d, p: OwnPageRequest, c) => jobFairs(d, me(c), p),
  'jobfair/join': (d, p: JobFairJoinRequest, c) => joinJobFair(d, me(c), p),
};
