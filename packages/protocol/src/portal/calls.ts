import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import {
  ArticleListRequestSchema,
  ArticlePageSchema,
  ArticleSchema,
  ArticleShowRequestSchema,
  BlockSchema,
  ByIdRequestSchema,
  ContentPageSchema,
  JobGroupListSchema,
  NewsListRequestSchema,
  PortalCityListSchema,
} from './content.ts';
import { JobDetailSchema, JobListRequestSchema, JobPageSchema, MyJobsRequestSchema } from './job.ts';
import {
  ApplicationItemSchema,
  ApplicationPageSchema,
  InvitationItemSchema,
  InvitationPageSchema,
  InviteRequestSchema,
  JobAddRequestSchema,
  JobApplyRequestSchema,
  JobCollectDataSchema,
  JobCollectRequestSchema,
  OwnPageRequestSchema,
  PasswordChangeRequestSchema,
  SavedJobPageSchema,
  TalentPageSchema,
} from './activity.ts';
import { EmptyRequestSchema } from './shared.ts';
// Portal centre pages (PCP1-PCP12)
import {
  ApplicationStatusRequestSchema,
  CertificationDataSchema,
  CertifyRequestSchema,
  DeliverShowRequestSchema,
  FeedbackAddRequestSchema,
  FeedbackItemSchema,
  FeedbackPageSchema,
  JobFairJoinRequestSchema,
  JobFairListRequestSchema,
  JobFairPageSchema,
  JobFairSchema,
  MyJobShowSchema,
  PrivacyRequestSchema,
  PrivacySchema,
  QuotaSchema,
  RecommendPageSchema,
  ResumeViewerPageSchema,
  TalentShowRequestSchema,
  TalentShowSchema,
  VerificationDataSchema,
  VerificationSchema,
  VerifyRequestSchema,
  ViewedJobPageSchema,
} from './pages.ts';
import {
  ApplyExpertRequestSchema,
  ExpertApplicationSchema,
  ExpertApplyDataSchema,
  OwnRequestSchema,
  PortalLoginDataSchema,
  PortalLoginRequestSchema,
  RegisterRequestSchema,
  ResumeDataSchema,
  ResumeSaveRequestSchema,
  UserShowDataSchema,
  UserShowRequestSchema,
} from './user.ts';

/**
 * Who may make a call (PRT5): anyone, any logged-in user, only a job seeker (identity 1) or only an
 * enterprise (identity 2). Checked on the server against the session, never against the display cookies.
 */
export const PORTAL_ACCESS = {
  PUBLIC: 'public',
  SESSION: 'session',
  SEEKER: 'seeker',
  ENTERPRISE: 'enterprise',
} as const;
export type PortalAccess = (typeof PORTAL_ACCESS)[keyof typeof PORTAL_ACCESS];

export interface PortalCallSpec {
  readonly access: PortalAccess;
  /** Shape of the decrypted request payload. */
  readonly request: TSchema;
  /** Shape of the decrypted `data` of a success; Type.Null() means `data` is ''. */
  readonly response: TSchema;
  readonly summary: string;
}

const call = (access: PortalAccess, request: TSchema, response: TSchema, summary: string): PortalCallSpec => ({
  access,
  request,
  response,
  summary,
});

/** Every `/tapi/<module>/<action>` call. The server registers exactly these; anything else is 404 (PRT3). */
export const PORTAL_CALLS = {
  'user/register': call(
    'public',
    RegisterRequestSchema,
    Type.Null(),
    'Register a job seeker or an enterprise: the same answer for a free or a taken number, no session (sign in next)',
  ),
  'user/login': call(
    'public',
    PortalLoginRequestSchema,
    PortalLoginDataSchema,
    'Log in by mobile, password and account kind',
  ),
  'user/logout': call(
    'public',
    EmptyRequestSchema,
    Type.Null(),
    'End the server session and clear the display cookies',
  ),
  'user/usershow': call('session', UserShowRequestSchema, UserShowDataSchema, 'The top bar’s user info (own uid only)'),
  'user/resume': call('seeker', OwnRequestSchema, ResumeDataSchema, 'The job seeker’s resume and jl_status'),
  'user/resumesave': call('seeker', ResumeSaveRequestSchema, ResumeDataSchema, 'Save resume fields'),
  'user/applyexpert': call('seeker', ApplyExpertRequestSchema, ExpertApplicationSchema, 'Apply to become an expert'),
  'user/expertapply': call('seeker', OwnRequestSchema, ExpertApplyDataSchema, 'The own expert application, or null'),
  'common/recruitgroup': call('public', EmptyRequestSchema, JobGroupListSchema, 'Job groups in display order'),
  'common/bimage': call('public', ByIdRequestSchema, BlockSchema, 'A content block: 30 footer, 31/32 QR, 42 copyright'),
  'common/dy': call('public', ByIdRequestSchema, ContentPageSchema, 'A content page (/dy?id=): 29 contact, 36 policy'),
  'common/citys': call('public', EmptyRequestSchema, PortalCityListSchema, 'The slim header’s cities'),
  'job/list': call('public', JobListRequestSchema, JobPageSchema, 'Search jobs: keyword, group, nature, city, page'),
  'job/show': call('public', ByIdRequestSchema, JobDetailSchema, 'A job with its enterprise and chat user ID'),
  'job/mine': call('enterprise', MyJobsRequestSchema, JobPageSchema, 'The enterprise’s own jobs, open and closed'),
  'news/list': call('public', NewsListRequestSchema, ArticlePageSchema, 'Career news, newest first'),
  'news/show': call('public', ByIdRequestSchema, ArticleSchema, 'One news item'),
  'article/list': call('public', ArticleListRequestSchema, ArticlePageSchema, 'zk, train, asked, gg, zp, news lists'),
  'article/show': call('public', ArticleShowRequestSchema, ArticleSchema, 'One article of the given kind'),
  // The centres' activity (PRT17-PRT23).
  'job/apply': call('seeker', JobApplyRequestSchema, ApplicationItemSchema, 'Apply to a job'),
  'user/deliver': call('seeker', OwnPageRequestSchema, ApplicationPageSchema, 'The job seeker’s applications'),
  'job/received': call('enterprise', OwnPageRequestSchema, ApplicationPageSchema, 'Applications to own jobs'),
  'job/collect': call('seeker', JobCollectRequestSchema, JobCollectDataSchema, 'Save a job or remove it'),
  'user/collect': call('seeker', OwnPageRequestSchema, SavedJobPageSchema, 'The job seeker’s saved jobs'),
  'job/add': call('enterprise', JobAddRequestSchema, JobDetailSchema, 'Post a job (open at once)'),
  'user/uppass': call('session', PasswordChangeRequestSchema, Type.Null(), 'Change the password (old one asked)'),
  'talent/list': call('enterprise', OwnPageRequestSchema, TalentPageSchema, 'Job seekers with a complete resume'),
  'talent/invite': call('enterprise', InviteRequestSchema, InvitationItemSchema, 'Invite a job seeker to a job'),
  'user/invite': call('seeker', OwnPageRequestSchema, InvitationPageSchema, 'Invitations the job seeker received'),
  'job/invited': call('enterprise', OwnPageRequestSchema, InvitationPageSchema, 'Invitations the enterprise sent'),
  // Portal centre pages (PCP1-PCP12).
  'user/viewed': call('seeker', OwnPageRequestSchema, ViewedJobPageSchema, 'Jobs the job seeker opened, last first'),
  'user/viewers': call('seeker', OwnPageRequestSchema, ResumeViewerPageSchema, 'Enterprises that opened my resume'),
  'user/delivershow': call('seeker', DeliverShowRequestSchema, ApplicationItemSchema, 'One own application'),
  'user/verify': call('seeker', VerifyRequestSchema, VerificationSchema, 'Real-name verification: name and ID'),
  'user/verifyshow': call('seeker', EmptyRequestSchema, VerificationDataSchema, 'The own verification, or null'),
  'user/privacy': call('seeker', PrivacyRequestSchema, PrivacySchema, 'What enterprises may see of my resume'),
  'feedback/add': call('session', FeedbackAddRequestSchema, FeedbackItemSchema, 'Send feedback to the platform'),
  'feedback/mine': call('session', OwnPageRequestSchema, FeedbackPageSchema, 'The caller’s own feedback'),
  'company/certify': call('enterprise', CertifyRequestSchema, CertificationDataSchema, 'Enterprise certification'),
  'company/certshow': call('enterprise', EmptyRequestSchema, CertificationDataSchema, 'The own certification'),
  'company/quota': call('enterprise', EmptyRequestSchema, QuotaSchema, 'The service package and its use'),
  'talent/recommend': call('enterprise', OwnPageRequestSchema, RecommendPageSchema, 'Job seekers matching my jobs'),
  'talent/show': call('enterprise', TalentShowRequestSchema, TalentShowSchema, 'One job seeker’s resume'),
  'job/mineshow': call('enterprise', DeliverShowRequestSchema, MyJobShowSchema, 'One own job and its applications'),
  'job/status': call('enterprise', ApplicationStatusRequestSchema, ApplicationItemSchema, 'Set an application status'),
  'jobfair/list': call('enterprise', JobFairListRequestSchema, JobFairPageSchema, 'Job fairs with my booking'),
  'jobfair/join': call('enterprise', JobFairJoinRequestSchema, JobFairSchema, 'Book or cancel a job fair booth'),
} as const satisfies Record<string, PortalCallSpec>;

export type PortalCallName = keyof typeof PORTAL_CALLS;
export const PORTAL_CALL_NAMES = Object.keys(PORTAL_CALLS) as PortalCallName[];
/** `/tapi/user/usershow` for `user/usershow`. */
export const portalPath = (name: PortalCallName): string => `/tapi/${name}`;
