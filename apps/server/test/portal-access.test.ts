import {
  ERRORS,
  type JobPage,
  PORTAL_ACCESS,
  PORTAL_CALL_NAMES,
  PORTAL_CALLS,
  type PortalCallName,
} from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, makePortalApp, sessionOf, tapi } from './support/portal.ts';

/** A valid payload for every call: a call added without one fails the completeness check below. */
const EXAMPLES: Record<PortalCallName, Record<string, unknown>> = {
  'user/register': { identity: 1, mobile: '13711110000', password: 'abc12345', name: '矩阵' },
  'user/login': { mobile: '13800000001', password: DEMO_PASSWORD, identity: 1 },
  'user/logout': {},
  'user/usershow': { uid: 'zhangwei' },
  'user/resume': {},
  'user/resumesave': { intro: '更新' },
  'user/applyexpert': { field: '前端', intro: '三年经验' },
  'user/expertapply': {},
  'common/recruitgroup': {},
  'common/bimage': { id: 30 },
  'common/dy': { id: 29 },
  'common/citys': {},
  'job/list': {},
  'job/show': { id: 1 },
  'job/mine': {},
  'news/list': {},
  'news/show': { id: 1 },
  'article/list': { kind: 'gg' },
  'article/show': { kind: 'news', id: 1 },
  'job/apply': { id: 1 },
  'user/deliver': {},
  'job/received': {},
  'job/collect': { id: 1, collect: 1 },
  'user/collect': {},
  'job/add': {
    title: '测试工程师',
    hid: 1,
    xz: 0,
    salary: '6-9K',
    province: '140000',
    citys: '140100',
    area: '',
    city_name: '太原',
    address: '',
    education: '本科',
    experience: '1-3年',
    headcount: 2,
    description: '负责测试',
    requirements: '',
  },
  'user/uppass': { old: DEMO_PASSWORD, password: 'newpass123' },
  'talent/list': {},
  'talent/invite': { seeker: 'zhangwei', job_id: 1 },
  'user/invite': {},
  'job/invited': {},
  // Centre pages (PCP1-PCP12); job/apply above made zhangwei's application to job 1.
  'user/viewed': {},
  'user/viewers': {},
  'user/delivershow': { id: 1 },
  'user/verify': { name: '张伟', idcard: '11010519491231002X' },
  'user/verifyshow': {},
  'user/privacy': {},
  'feedback/add': { kind: 1, content: '希望增加夜班岗位' },
  'feedback/mine': {},
  'company/certify': { name: '太原智联科技有限公司', code: '91350100M000100Y43' },
  'company/certshow': {},
  'company/quota': {},
  'talent/recommend': {},
  'talent/show': { seeker: 'zhangwei' },
  'job/mineshow': { id: 1 },
  'job/status': { job_id: 1, seeker: 'zhangwei', status: 2 },
  'jobfair/list': {},
  'jobfair/join': { id: 18, join: 1 },
};

/** Calls that change the session: the matrix leaves them to the account tests. */
const SESSION_CALLS = new Set<PortalCallName>(['user/register', 'user/login', 'user/logout']);

describe.each(KINDS)('PRT5 PRT6 the access matrix of every portal call (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let seeker: Record<string, string>;
  let enterprise: Record<string, string>;
  beforeAll(async () => {
    ({ app, close } = await makePortalApp(kind, { demo: true }));
    seeker = sessionOf(await tapi(app, 'user/login', { mobile: '13800000001', password: DEMO_PASSWORD, identity: 1 }));
    enterprise = sessionOf(
      await tapi(app, 'user/login', { mobile: '13900000001', password: DEMO_PASSWORD, identity: 2 }),
    );
  });
  afterAll(async () => {
    await close();
    await cleanupApps();
  });

  it('PRT5 every call of PORTAL_CALLS has an example here (the next test shows each passes its shape check)', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PORTAL_CALL_NAMES].sort());
  });

  it('PRT5 a visitor gets 70061 on every call that is not public, and no data', async () => {
    for (const name of PORTAL_CALL_NAMES) {
      if (SESSION_CALLS.has(name)) continue;
      const r = await tapi(app, name, EXAMPLES[name]);
      expect(r.status, name).toBe(200);
      if (PORTAL_CALLS[name].access === PORTAL_ACCESS.PUBLIC) expect(r.body.code, name).toBe(1);
      else expect(r.body, name).toEqual({ code: ERRORS.SESSION_REQUIRED.code, msg: 'Please log in', data: '' });
    }
  });

  it('PRT5 job seeker calls refuse an enterprise and enterprise calls a job seeker (70063)', async () => {
    for (const name of PORTAL_CALL_NAMES) {
      const access = PORTAL_CALLS[name].access;
      if (access !== PORTAL_ACCESS.SEEKER && access !== PORTAL_ACCESS.ENTERPRISE) continue;
      const wrong = access === PORTAL_ACCESS.SEEKER ? enterprise : seeker;
      const right = access === PORTAL_ACCESS.SEEKER ? seeker : enterprise;
      const refused = await tapi(app, name, EXAMPLES[name], {
        cookies: { ...wrong, identity: access === 'seeker' ? '1' : '2' },
      });
      expect(refused.body, name).toEqual({
        code: ERRORS.PORTAL_WRONG_IDENTITY.code,
        msg: ERRORS.PORTAL_WRONG_IDENTITY.message,
        data: '',
      });
      const allowed = await tapi(app, name, EXAMPLES[name], { cookies: right });
      expect(allowed.body.code, name).toBe(1);
    }
  });

  it('PRT6 every call that takes a uid refuses someone else’s (70064) and changes nothing', async () => {
    const before = await app.parley.domain.storage.portal.resume('lina');
    for (const name of PORTAL_CALL_NAMES) {
      const request = PORTAL_CALLS[name].request as { properties?: Record<string, unknown> };
      if (!request.properties?.uid) continue;
      const r = await tapi(app, name, { ...EXAMPLES[name], uid: 'lina' }, { cookies: seeker });
      expect(r.body.code, name).toBe(ERRORS.PORTAL_NOT_YOURS.code);
    }
    expect(await app.parley.domain.storage.portal.resume('lina')).toEqual(before);
    expect(await app.parley.domain.storage.portal.expertApplication('lina')).toBeUndefined();
  });

  it('PRT15 job/mine lists the enterprise’s own jobs, closed ones too; a closed job is neither listed nor shown', async () => {
    await app.parley.domain.storage.portal.putJob({
      id: 500,
      companyID: 'taiyuan_tech',
      groupID: 1,
      title: '已关闭的岗位',
      nature: 0,
      salary: '面议',
      province: '140000',
      citys: '140100',
      area: '',
      cityName: '太原',
      address: '',
      education: '',
      experience: '',
      headcount: 1,
      description: '',
      requirements: '',
      lng: 0,
      lat: 0,
      status: 0,
      createdAt: 1,
    });
    const mine = (await tapi(app, 'job/mine', { size: 50 }, { cookies: enterprise })).data as JobPage;
    expect(mine.list.every((j) => j.company.uid === 'taiyuan_tech')).toBe(true);
    expect(mine.list.map((j) => j.title)).toContain('已关闭的岗位');
    const open = (await tapi(app, 'job/list', { size: 50 })).data as JobPage;
    expect(open.list.some((j) => j.id === 500)).toBe(false);
    expect(open.list.filter((j) => j.company.uid === 'taiyuan_tech').length).toBe(mine.total - 1);
    expect((await tapi(app, 'job/show', { id: 500 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PRT7 the portal login shares the login throttle: after 5 failures the right password is locked out too', async () => {
    const attempt = (password: string) =>
      tapi(app, 'user/login', { mobile: '13800000003', password, identity: 1 }, { headers: {} });
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(`wrong${i}abc`)).body.code).toBe(ERRORS.WRONG_CREDENTIALS.code);
    const locked = await attempt(DEMO_PASSWORD);
    expect(locked.body).toMatchObject({ code: ERRORS.LOGIN_LOCKED.code, data: '' });
  });
});
