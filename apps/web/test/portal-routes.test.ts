import { describe, expect, it } from 'vitest';
import { guard, hasUser, readCookies } from '../src/portal/routes/guard.ts';
import { HEADER, PORTAL_ROUTES, routeFor } from '../src/portal/routes/route-table.ts';

/** Seed 001 §2.1, as the seed lists it: path → [header, footer, login, identities]. */
const FULL_OPEN = [
  '/expert_keshow',
  '/recruit',
  '/recruit_list',
  '/zk',
  '/zk_show',
  '/zp',
  '/zp_list',
  '/zp_show',
  '/train',
  '/train_show',
  '/train_zshow',
  '/asked',
  '/dy',
  '/news',
  '/news_show',
  '/gg',
  '/gg_show',
  '/job',
  '/injob',
];
const SEEKER = [
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
];
const ENTERPRISE = [
  '/cuser',
  '/cuser_recommend',
  '/cuser_platetalent',
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
];

describe('portal route table', () => {
  it('POR1 home has no header and a footer; public pages need no login', () => {
    expect(routeFor('/')).toMatchObject({ header: HEADER.NONE, footer: true, login: false, identity: [] });
    for (const path of FULL_OPEN) expect(routeFor(path), path).toMatchObject({ header: HEADER.FULL, login: false });
    for (const path of ['/map', '/login', '/register', '/screen'])
      expect(routeFor(path), path).toMatchObject({ login: false, identity: [] });
    expect(routeFor('/login')?.header).toBe(HEADER.NONE);
  });

  it('POR1 expert, expert_show, recruit_show and apply need login as identity 1 or 2', () => {
    for (const path of ['/expert', '/expert_show', '/recruit_show', '/apply'])
      expect(routeFor(path), path).toMatchObject({ login: true, identity: [1, 2] });
  });

  it('POR1 job seeker routes: login, identity 1, slim header', () => {
    for (const path of SEEKER)
      expect(routeFor(path), path).toMatchObject({ login: true, identity: [1], header: HEADER.SLIM });
  });

  it('POR1 enterprise routes: login, identity 2, no header or footer except cuser_plateshow', () => {
    for (const path of ENTERPRISE)
      expect(routeFor(path), path).toMatchObject({ login: true, identity: [2], header: HEADER.NONE, footer: false });
    expect(routeFor('/cuser_plateshow')).toMatchObject({
      login: true,
      identity: [2],
      header: HEADER.SLIM,
      footer: true,
    });
    for (const path of ['/ushow', '/jushow'])
      expect(routeFor(path), path).toMatchObject({ login: true, identity: [2], header: HEADER.SLIM });
    expect(routeFor('/rz')).toMatchObject({ login: true, identity: [2] });
  });

  it('POR1 every route of the seed is present exactly once, and nothing else', () => {
    const seed = [
      '/',
      '/expert',
      '/expert_show',
      '/recruit_show',
      '/cuser_plateshow',
      '/ushow',
      '/jushow',
      '/map',
      '/login',
      '/register',
      '/rz',
      '/apply',
      '/screen',
      ...FULL_OPEN,
      ...SEEKER,
      ...ENTERPRISE,
    ];
    const paths = PORTAL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...seed].sort());
  });
});

describe('portal route guard', () => {
  const cuser = routeFor('/cuser');
  const user = routeFor('/user');
  if (!cuser || !user) throw new Error('routes missing');

  it('POR2 a login route without a valid userid cookie: log in, to /', () => {
    for (const userid of [undefined, '', '  ', 'undefined'])
      expect(guard(cuser, { userid, identity: '2' }), String(userid)).toEqual({ kind: 'login', redirect: '/' });
    expect(hasUser({ userid: 'lina' })).toBe(true);
  });

  it('POR3 a wrong identity is refused and stays', () => {
    expect(guard(cuser, { userid: 'zhangwei', identity: '1' })).toEqual({ kind: 'forbidden' });
    expect(guard(user, { userid: 'taiyuan_tech', identity: '2' })).toEqual({ kind: 'forbidden' });
    expect(guard(user, { userid: 'x', identity: undefined })).toEqual({ kind: 'forbidden' });
  });

  it('POR2 POR3 the right identity passes; public routes pass for anyone', () => {
    expect(guard(cuser, { userid: 'taiyuan_tech', identity: '2' })).toEqual({ kind: 'pass' });
    expect(guard(user, { userid: 'zhangwei', identity: '1' })).toEqual({ kind: 'pass' });
    const job = routeFor('/job');
    if (!job) throw new Error('no /job');
    expect(guard(job, {})).toEqual({ kind: 'pass' });
  });

  it('POR2 reads the cookies the way the browser writes them', () => {
    expect(readCookies('userid=zhangwei; identity=1; citys=%E5%A4%AA%E5%8E%9F')).toEqual({
      userid: 'zhangwei',
      identity: '1',
      citys: '太原',
    });
  });
});
