/**
 * The portal's routes with the meta of seed 001 §2.1 (rule POR1): which header a page has (0 none, 1 full with
 * search and categories, 2 slim with the city list), whether the footer shows, whether login is required and which
 * identities (1 job seeker, 2 enterprise) may enter. Pure data, so the table is tested as it is used.
 */
export const HEADER = { NONE: 0, FULL: 1, SLIM: 2 } as const;
export type HeaderKind = (typeof HEADER)[keyof typeof HEADER];

export const IDENTITY = { SEEKER: 1, ENTERPRISE: 2 } as const;
export type Identity = (typeof IDENTITY)[keyof typeof IDENTITY];

/** Which page component renders a route; one component may serve several routes (see portal-routes.tsx). */
export type PageKind =
  | 'home'
  | 'jobList'
  | 'jobDetail'
  | 'channelList'
  | 'channelShow'
  | 'content'
  | 'map'
  | 'login'
  | 'register'
  | 'seekerCentre'
  | 'enterpriseCentre'
  | 'chat'
  | 'apply'
  | 'screen';

export interface RouteMeta {
  path: string;
  header: HeaderKind;
  footer: boolean;
  login: boolean;
  /** Empty: every visitor (or, with `login`, every logged-in identity). */
  identity: readonly Identity[];
  page: PageKind;
}

const ANY: readonly Identity[] = [];
const BOTH: readonly Identity[] = [IDENTITY.SEEKER, IDENTITY.ENTERPRISE];
const SEEKER: readonly Identity[] = [IDENTITY.SEEKER];
const ENTERPRISE: readonly Identity[] = [IDENTITY.ENTERPRISE];

const open = (path: string, page: PageKind, header: HeaderKind = HEADER.FULL): RouteMeta => ({
  path,
  header,
  footer: true,
  login: false,
  identity: ANY,
  page,
});

const guarded = (path: string, page: PageKind, identity: readonly Identity[], header: HeaderKind): RouteMeta => ({
  path,
  header,
  footer: header !== HEADER.NONE,
  login: true,
  identity,
  page,
});

const PUBLIC: RouteMeta[] = [
  { ...open('/', 'home', HEADER.NONE) },
  guarded('/expert', 'channelList', BOTH, HEADER.FULL),
  guarded('/expert_show', 'channelShow', BOTH, HEADER.FULL),
  open('/expert_keshow', 'channelShow'),
  open('/recruit', 'channelList'),
  open('/recruit_list', 'channelList'),
  guarded('/recruit_show', 'channelShow', BOTH, HEADER.FULL),
  open('/zk', 'channelList'),
  open('/zk_show', 'channelShow'),
  open('/zp', 'channelList'),
  open('/zp_list', 'channelList'),
  open('/zp_show', 'channelShow'),
  open('/train', 'channelList'),
  open('/train_show', 'channelShow'),
  open('/train_zshow', 'channelShow'),
  open('/asked', 'channelList'),
  open('/dy', 'content'),
  open('/news', 'channelList'),
  open('/news_show', 'channelShow'),
  open('/gg', 'channelList'),
  open('/gg_show', 'channelShow'),
  open('/job', 'jobList'),
  open('/injob', 'jobDetail'),
];

export const SEEKER_PATHS = [
  '/user',
  '/user_recommend',
  '/user_collect',
  '/user_smrz',
  '/user_set',
  '/user_feedback',
  '/user_uppass',
  '/user_chat',
  '/user_resume',
  '/user_resumeshow',
  '/user_job',
  '/user_mjob',
  '/user_invite',
  '/user_jobshow',
  '/user_deliver',
] as const;

export const ENTERPRISE_PATHS = [
  '/cuser',
  '/cuser_recommend',
  '/cuser_platetalent',
  '/cuser_plateshow',
  '/cuser_talent',
  '/cuser_jobfairs',
  '/cuser_chat',
  '/cuser_quity',
  '/cuser_set',
  '/cuser_feedback',
  '/cuser_uppass',
  '/cuser_resume',
  '/cuser_yresume',
  '/cuser_job',
  '/cuser_jobAdd',
] as const;

const chatOr = (path: string, centre: PageKind): PageKind => (path.endsWith('_chat') ? 'chat' : centre);

/** The chat fills the window below its header, so its routes have no footer (rule POR25). */
const noFooterForChat = (route: RouteMeta): RouteMeta => (route.page === 'chat' ? { ...route, footer: false } : route);

const SEEKER_ROUTES = SEEKER_PATHS.map((path) =>
  noFooterForChat(guarded(path, chatOr(path, 'seekerCentre'), SEEKER, HEADER.SLIM)),
);
// Enterprise pages have no header or footer (the centre has its own frame), except the talent detail page.
const ENTERPRISE_ROUTES = ENTERPRISE_PATHS.map((path) =>
  path === '/cuser_plateshow'
    ? guarded(path, 'enterpriseCentre', ENTERPRISE, HEADER.SLIM)
    : guarded(path, chatOr(path, 'enterpriseCentre'), ENTERPRISE, HEADER.NONE),
);

const OTHER: RouteMeta[] = [
  guarded('/ushow', 'enterpriseCentre', ENTERPRISE, HEADER.SLIM),
  guarded('/jushow', 'enterpriseCentre', ENTERPRISE, HEADER.SLIM),
  open('/map', 'map', HEADER.SLIM),
  { ...open('/login', 'login', HEADER.NONE), footer: false },
  { ...open('/register', 'register', HEADER.NONE), footer: false },
  guarded('/rz', 'enterpriseCentre', ENTERPRISE, HEADER.SLIM),
  guarded('/apply', 'apply', BOTH, HEADER.SLIM),
  { ...open('/screen', 'screen', HEADER.NONE), footer: false },
];

export const PORTAL_ROUTES: readonly RouteMeta[] = [...PUBLIC, ...SEEKER_ROUTES, ...ENTERPRISE_ROUTES, ...OTHER];

const BY_PATH = new Map(PORTAL_ROUTES.map((route) => [route.path, route]));

export function routeFor(path: string): RouteMeta | undefined {
  return BY_PATH.get(path);
}
