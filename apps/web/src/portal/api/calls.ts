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
} as const;

/** Content blocks of seed 001 §7.2. */
export const BLOCK = { footer: 30, qrLeft: 31, qrRight: 32, copyright: 42 } as const;
/** Content pages the footer links to. */
export const PAGE = { contact: 29, policy: 36 } as const;
/** Seed 001 §9: the category panel shows this many job groups. */
export const CATEGORY_PANEL_SIZE = 8;
