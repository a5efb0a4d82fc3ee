/**
 * The portal calls the web app makes (docs/PROTOCOL.md, Portal API). Types only come from the protocol package,
 * so its schema library stays out of the browser bundle.
 */
export type {
  ApplicationItem,
  ApplicationPage,
  Article,
  ArticleItem,
  ArticlePage,
  Block,
  ContentPage,
  ExpertApplyData,
  InvitationItem,
  InvitationPage,
  JobAddRequest,
  JobCollectData,
  JobDetail,
  JobGroup,
  JobItem,
  JobPage,
  PortalCity,
  PortalLoginData,
  ResumeData,
  ResumeFields,
  SeekerCard,
  TalentPage,
  UserShowData,
  // Centre pages (PCP1-PCP12)
  Certification,
  FeedbackItem,
  FeedbackPage,
  JobFair,
  JobFairPage,
  MyJobShow,
  Privacy,
  Quota,
  RecommendPage,
  RecommendedSeeker,
  ResumeViewerPage,
  TalentShow,
  Verification,
  ViewedJobPage,
} from '@parley/protocol';

export const CALL = {
  register: 'user/register',
  login: 'user/login',
  userShow: 'user/usershow',
  resume: 'user/resume',
  resumeSave: 'user/resumesave',
  applyExpert: 'user/applyexpert',
  expertApply: 'user/expertapply',
  groups: 'common/recruitgroup',
  block: 'common/bimage',
  page: 'common/dy',
  cities: 'common/citys',
  jobs: 'job/list',
  myJobs: 'job/mine',
  job: 'job/show',
  articles: 'article/list',
  article: 'article/show',
  apply: 'job/apply',
  deliveries: 'user/deliver',
  received: 'job/received',
  collect: 'job/collect',
  saved: 'user/collect',
  postJob: 'job/add',
  changePassword: 'user/uppass',
  talent: 'talent/list',
  invite: 'talent/invite',
  invitations: 'user/invite',
  invited: 'job/invited',
  // Centre pages (PCP1-PCP12)
  viewed: 'user/viewed',
  viewers: 'user/viewers',
  deliverShow: 'user/delivershow',
  verify: 'user/verify',
  verifyShow: 'user/verifyshow',
  privacy: 'user/privacy',
  feedbackAdd: 'feedback/add',
  feedbackMine: 'feedback/mine',
  certify: 'company/certify',
  certShow: 'company/certshow',
  quota: 'company/quota',
  recommendTalent: 'talent/recommend',
  talentShow: 'talent/show',
  myJobShow: 'job/mineshow',
  setStatus: 'job/status',
  jobFairs: 'jobfair/list',
  joinJobFair: 'jobfair/join',
} as const;

/** Application status values (PCP10), as the protocol's APPLICATION_STATUS; the labels are portal.pages.status.N. */
export const APPLICATION_STATUSES = [0, 1, 2, 3, 4] as const;

/** Content blocks of seed 001 §7.2. */
export const BLOCK = { footer: 30, qrLeft: 31, qrRight: 32, copyright: 42 } as const;
/** Content pages the footer links to. */
export const PAGE = { contact: 29, policy: 36 } as const;
/** Seed 001 §9: the category panel shows this many job groups. */
export const CATEGORY_PANEL_SIZE = 8;
