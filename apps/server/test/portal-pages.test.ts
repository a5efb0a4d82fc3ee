import {
  type ApplicationItem,
  type ApplicationPage,
  type Certification,
  ERRORS,
  type FeedbackItem,
  type FeedbackPage,
  type JobFair,
  type JobFairPage,
  type MyJobShow,
  PORTAL_QUOTA,
  type Privacy,
  type Quota,
  type RecommendPage,
  type ResumeViewerPage,
  type TalentPage,
  type TalentShow,
  type Verification,
  type ViewedJobPage,
} from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { cleanupApps } from './support/app.ts';
import { KINDS, makePortalApp, sessionOf, tapi } from './support/portal.ts';

const ZHANGWEI = { mobile: '13800000001', identity: 1 };
const LINA = { mobile: '13800000002', identity: 1 };
const TAIYUAN_TECH = { mobile: '13900000001', identity: 2 };
const JINSHANG_HR = { mobile: '13900000002', identity: 2 };
const code = (r: { body: { code: number } }) => r.body.code;

describe.each(KINDS)('PCP1-PCP12 the centre pages (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const as = async (who: { mobile: string; identity: number }) =>
    sessionOf(await tapi(app, 'user/login', { ...who, password: DEMO_PASSWORD }));
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind, { demo: true }));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  it('PCP1 a job seeker’s job views are listed last first, once per job; visitors and enterprises leave none', async () => {
    const [seeker, other, company] = [await as(ZHANGWEI), await as(LINA), await as(TAIYUAN_TECH)];
    for (const id of [3, 1, 3]) expect(code(await tapi(app, 'job/show', { id }, { cookies: seeker }))).toBe(1);
    await tapi(app, 'job/show', { id: 2 });
    await tapi(app, 'job/show', { id: 2 }, { cookies: company });
    const mine = (await tapi(app, 'user/viewed', {}, { cookies: seeker })).data as ViewedJobPage;
    expect(mine.total).toBe(2);
    expect(mine.list.map((j) => [j.id, j.open])).toEqual([
      [3, 1],
      [1, 1],
    ]);
    expect(((await tapi(app, 'user/viewed', {}, { cookies: other })).data as ViewedJobPage).total).toBe(0);
    const paged = (await tapi(app, 'user/viewed', { page: 2, size: 1 }, { cookies: seeker })).data as ViewedJobPage;
    expect(paged.list.map((j) => j.id)).toEqual([1]);
  });

  it('PCP2 PCP10 an enterprise opening an applicant’s resume is listed for the job seeker and marks the application viewed', async () => {
    const [seeker, owner] = [await as(ZHANGWEI), await as(TAIYUAN_TECH)];
    const applied = (await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker })).data as ApplicationItem;
    expect(applied.status).toBe(0);
    const shown = (await tapi(app, 'talent/show', { seeker: 'zhangwei' }, { cookies: owner })).data as TalentShow;
    expect(shown.seeker).toMatchObject({ uid: 'zhangwei', name: '张伟' });
    expect(shown.seeker).not.toHaveProperty('mobile');
    expect(shown.applications.map((a) => [a.job.id, a.status])).toEqual([[1, 1]]);
    const viewers = (await tapi(app, 'user/viewers', {}, { cookies: seeker })).data as ResumeViewerPage;
    expect(viewers.list.map((v) => v.company.uid)).toEqual(['taiyuan_tech']);
    const mine = (await tapi(app, 'user/delivershow', { id: 1 }, { cookies: seeker })).data as ApplicationItem;
    expect(mine.status).toBe(1);
  });

  it('PCP3 PCP10 the enterprise sets the status of applications to its own jobs only; the job seeker sees it', async () => {
    const [seeker, owner, other] = [await as(ZHANGWEI), await as(TAIYUAN_TECH), await as(JINSHANG_HR)];
    await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker });
    const set = await tapi(app, 'job/status', { job_id: 1, seeker: 'zhangwei', status: 2 }, { cookies: owner });
    expect((set.data as ApplicationItem).status).toBe(2);
    expect(code(await tapi(app, 'job/status', { job_id: 1, seeker: 'zhangwei', status: 3 }, { cookies: other }))).toBe(
      ERRORS.PORTAL_NOT_FOUND.code,
    );
    expect(code(await tapi(app, 'job/status', { job_id: 1, seeker: 'zhangwei', status: 9 }, { cookies: owner }))).toBe(
      ERRORS.INVALID_PARAMS.code,
    );
    const list = (await tapi(app, 'user/deliver', {}, { cookies: seeker })).data as ApplicationPage;
    expect(list.list.map((a) => a.status)).toEqual([2]);
    expect(list.list[0]?.status_time).toBeGreaterThan(0);
    // Someone else's application to the job is not found for another job seeker (only one's own, PCP3).
    expect(code(await tapi(app, 'user/delivershow', { id: 1 }, { cookies: await as(LINA) }))).toBe(
      ERRORS.PORTAL_NOT_FOUND.code,
    );
    const show = (await tapi(app, 'job/mineshow', { id: 1 }, { cookies: owner })).data as MyJobShow;
    expect(show.job).toMatchObject({ id: 1, open: 1 });
    expect(show.applications.map((a) => [a.seeker.uid, a.status])).toEqual([['zhangwei', 2]]);
    expect(code(await tapi(app, 'job/mineshow', { id: 1 }, { cookies: other }))).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PCP4 real-name verification: checksum and name checked, stored once, shown masked, only one’s own', async () => {
    const [seeker, other] = [await as(ZHANGWEI), await as(LINA)];
    expect((await tapi(app, 'user/verifyshow', {}, { cookies: seeker })).body).toMatchObject({ code: 1, data: '' });
    const badId = await tapi(app, 'user/verify', { name: '张伟', idcard: '110105194912310021' }, { cookies: seeker });
    expect(code(badId)).toBe(ERRORS.PORTAL_BAD_ID_NUMBER.code);
    const badName = await tapi(
      app,
      'user/verify',
      { name: '张<b>', idcard: '11010519491231002X' },
      { cookies: seeker },
    );
    expect(code(badName)).toBe(ERRORS.PORTAL_BAD_NAME.code);
    const long = await tapi(app, 'user/verify', { name: '张'.repeat(10_000), idcard: '1' }, { cookies: seeker });
    expect(long.status).toBe(400);
    const ok = await tapi(app, 'user/verify', { name: ' 张伟 ', idcard: '11010519491231002x' }, { cookies: seeker });
    expect(ok.data as Verification).toMatchObject({ name: '张伟', idcard: '110***********002X', status: 1 });
    const again = await tapi(app, 'user/verify', { name: '张伟', idcard: '140105199003071234' }, { cookies: seeker });
    expect(code(again)).toBe(ERRORS.PORTAL_ALREADY_VERIFIED.code);
    const shown = (await tapi(app, 'user/verifyshow', {}, { cookies: seeker })).data as Verification;
    expect(shown.idcard).toBe('110***********002X');
    expect((await tapi(app, 'user/verifyshow', {}, { cookies: other })).body.data).toBe('');
  });

  it('PCP5 feedback from either kind of account: validated, listed newest first, only one’s own', async () => {
    const [seeker, company, other] = [await as(ZHANGWEI), await as(TAIYUAN_TECH), await as(LINA)];
    expect(code(await tapi(app, 'feedback/add', { kind: 1, content: '  短  ' }, { cookies: seeker }))).toBe(
      ERRORS.INVALID_PARAMS.code,
    );
    const badContact = { kind: 2, content: '职位页面打不开', contact: 'not a contact' };
    expect(code(await tapi(app, 'feedback/add', badContact, { cookies: seeker }))).toBe(ERRORS.INVALID_PARAMS.code);
    expect((await tapi(app, 'feedback/add', { kind: 5, content: '职位页面打不开' }, { cookies: seeker })).status).toBe(
      400,
    );
    const sent = (
      await tapi(
        app,
        'feedback/add',
        { kind: 3, content: '有虚假招聘信息', contact: '13800000001' },
        { cookies: seeker },
      )
    ).data as FeedbackItem;
    expect(sent).toMatchObject({ kind: 3, content: '有虚假招聘信息', contact: '13800000001', status: 0, reply: '' });
    await tapi(app, 'feedback/add', { kind: 1, content: '<script>alert(1)</script>' }, { cookies: company });
    const mine = (await tapi(app, 'feedback/mine', {}, { cookies: seeker })).data as FeedbackPage;
    expect(mine.list.map((f) => f.id)).toEqual([sent.id]);
    const theirs = (await tapi(app, 'feedback/mine', {}, { cookies: company })).data as FeedbackPage;
    expect(theirs.list[0]?.content).toBe('<script>alert(1)</script>');
    expect(((await tapi(app, 'feedback/mine', {}, { cookies: other })).data as FeedbackPage).total).toBe(0);
    expect(code(await tapi(app, 'feedback/mine', {}))).toBe(ERRORS.SESSION_REQUIRED.code);
  });

  it('PCP6 PCP8 a hidden resume leaves the talent pool and recommendations; a hidden name is masked', async () => {
    const [seeker, company] = [await as(ZHANGWEI), await as(TAIYUAN_TECH)];
    expect((await tapi(app, 'user/privacy', {}, { cookies: seeker })).data).toEqual({ visible: 1, show_name: 1 });
    const pool = async () =>
      ((await tapi(app, 'talent/list', { size: 50 }, { cookies: company })).data as TalentPage).list;
    expect((await pool()).find((s) => s.uid === 'zhangwei')?.name).toBe('张伟');
    const masked = (await tapi(app, 'user/privacy', { show_name: 0 }, { cookies: seeker })).data as Privacy;
    expect(masked).toEqual({ visible: 1, show_name: 0 });
    expect((await pool()).find((s) => s.uid === 'zhangwei')?.name).toBe('张*');
    const recommended = (await tapi(app, 'talent/recommend', {}, { cookies: company })).data as RecommendPage;
    expect(recommended.list.find((s) => s.uid === 'zhangwei')?.name).toBe('张*');
    await tapi(app, 'user/privacy', { visible: 0 }, { cookies: seeker });
    expect((await pool()).some((s) => s.uid === 'zhangwei')).toBe(false);
    const after = (await tapi(app, 'talent/recommend', {}, { cookies: company })).data as RecommendPage;
    expect(after.list.some((s) => s.uid === 'zhangwei')).toBe(false);
    expect(code(await tapi(app, 'talent/show', { seeker: 'zhangwei' }, { cookies: company }))).toBe(
      ERRORS.PORTAL_RESUME_HIDDEN.code,
    );
    // Applying shows the resume (with the name) to that enterprise only.
    await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker });
    const shown = (await tapi(app, 'talent/show', { seeker: 'zhangwei' }, { cookies: company })).data as TalentShow;
    expect(shown.seeker.name).toBe('张伟');
    expect(code(await tapi(app, 'talent/show', { seeker: 'zhangwei' }, { cookies: await as(JINSHANG_HR) }))).toBe(
      ERRORS.PORTAL_RESUME_HIDDEN.code,
    );
    expect(code(await tapi(app, 'talent/show', { seeker: 'taiyuan_tech' }, { cookies: company }))).toBe(
      ERRORS.PORTAL_NOT_FOUND.code,
    );
  });

  it('PCP7 enterprise certification: credit code checked, once per account, one account per code', async () => {
    const [company, other] = [await as(TAIYUAN_TECH), await as(JINSHANG_HR)];
    expect((await tapi(app, 'company/certshow', {}, { cookies: company })).body.data).toBe('');
    const bad = await tapi(
      app,
      'company/certify',
      { name: '太原智联', code: '91350100M000100Y44' },
      { cookies: company },
    );
    expect(code(bad)).toBe(ERRORS.PORTAL_BAD_CREDIT_CODE.code);
    const shortName = await tapi(
      app,
      'company/certify',
      { name: ' 太 ', code: '91350100M000100Y43' },
      { cookies: company },
    );
    expect(code(shortName)).toBe(ERRORS.PORTAL_BAD_NAME.code);
    const ok = await tapi(
      app,
      'company/certify',
      { name: '太原智联科技有限公司', code: '91350100m000100y43' },
      { cookies: company },
    );
    expect(ok.data as Certification).toMatchObject({
      name: '太原智联科技有限公司',
      code: '91350100M000100Y43',
      status: 1,
    });
    const taken = await tapi(
      app,
      'company/certify',
      { name: '山西晋商', code: '91350100M000100Y43' },
      { cookies: other },
    );
    expect(code(taken)).toBe(ERRORS.PORTAL_CODE_TAKEN.code);
    const again = await tapi(
      app,
      'company/certify',
      { name: '太原智联', code: '91140100MA0K000004' },
      { cookies: company },
    );
    expect(code(again)).toBe(ERRORS.PORTAL_ALREADY_VERIFIED.code);
    expect(((await tapi(app, 'company/quota', {}, { cookies: company })).data as Quota).certified).toBe(1);
    expect(((await tapi(app, 'company/quota', {}, { cookies: other })).data as Quota).certified).toBe(0);
  });

  it('PCP9 recommendations: complete visible resumes whose intention matches one of the enterprise’s open jobs', async () => {
    const tech = (await tapi(app, 'talent/recommend', {}, { cookies: await as(TAIYUAN_TECH) })).data as RecommendPage;
    expect(tech.list.map((s) => [s.uid, s.match.title])).toEqual([['zhangwei', '前端开发工程师']]);
    const hr = (await tapi(app, 'talent/recommend', {}, { cookies: await as(JINSHANG_HR) })).data as RecommendPage;
    expect(hr.list.map((s) => [s.uid, s.match.title])).toEqual([['wangfang', '仓库管理员']]);
  });

  it('PCP11 PCP12 job fair booths: only job fairs, at most the package’s number, cancel frees one', async () => {
    const company = await as(TAIYUAN_TECH);
    const fairs = (await tapi(app, 'jobfair/list', {}, { cookies: company })).data as JobFairPage;
    expect(fairs.list.length).toBeGreaterThan(0);
    expect(fairs.list.every((f) => f.kind === 'zp' && f.t === 1 && f.joined === 0)).toBe(true);
    const fair = fairs.list[0]?.id ?? 0;
    const joined = (await tapi(app, 'jobfair/join', { id: fair, join: 1 }, { cookies: company })).data as JobFair;
    expect(joined).toMatchObject({ id: fair, joined: 1 });
    expect(code(await tapi(app, 'jobfair/join', { id: 1, join: 1 }, { cookies: company }))).toBe(
      ERRORS.PORTAL_NOT_FOUND.code,
    );
    const listed = (await tapi(app, 'jobfair/list', {}, { cookies: company })).data as JobFairPage;
    expect(listed.list.find((f) => f.id === fair)?.joined).toBe(1);
    const quota = (await tapi(app, 'company/quota', {}, { cookies: company })).data as Quota;
    expect(quota.items.find((i) => i.key === 'jobFairs')).toEqual({
      key: 'jobFairs',
      used: 1,
      limit: PORTAL_QUOTA.jobFairs,
    });
    expect(quota.items.find((i) => i.key === 'openJobs')?.used).toBe(7);
    await tapi(app, 'jobfair/join', { id: fair, join: 0 }, { cookies: company });
    const none = (await tapi(app, 'company/quota', {}, { cookies: company })).data as Quota;
    expect(none.items.find((i) => i.key === 'jobFairs')?.used).toBe(0);
  });

  it('PCP12 an enterprise at its package’s limit of booths is refused the next one (70421)', async () => {
    const company = await as(TAIYUAN_TECH);
    const storage = app.parley.domain.storage.portal;
    for (let i = 0; i < PORTAL_QUOTA.jobFairs + 1; i += 1)
      await storage.putArticle({
        id: 900 + i,
        kind: 'zp',
        sub: 1,
        title: `专场招聘会 ${i}`,
        summary: '',
        content: '',
        image: '',
        source: '',
        place: '',
        startsAt: 0,
        endsAt: 0,
        createdAt: 1,
      });
    for (let i = 0; i < PORTAL_QUOTA.jobFairs; i += 1)
      expect(code(await tapi(app, 'jobfair/join', { id: 900 + i, join: 1 }, { cookies: company }))).toBe(1);
    const over = await tapi(app, 'jobfair/join', { id: 900 + PORTAL_QUOTA.jobFairs, join: 1 }, { cookies: company });
    expect(code(over)).toBe(ERRORS.PORTAL_QUOTA_EXCEEDED.code);
  });

  it('PCP12 an enterprise with the package’s number of open jobs cannot post another (70421); other enterprises’ jobs do not count', async () => {
    const company = await as(TAIYUAN_TECH);
    const storage = app.parley.domain.storage.portal;
    const open = (await tapi(app, 'company/quota', {}, { cookies: company })).data as Quota;
    const used = open.items.find((i) => i.key === 'openJobs')?.used ?? 0;
    const base = (await storage.job(1)) ?? expect.unreachable('demo job 1');
    for (let i = used; i < PORTAL_QUOTA.openJobs; i += 1)
      await storage.putJob({ ...base, id: 800 + i, title: `批量岗位 ${i}`, createdAt: 10 + i });
    const post = {
      title: '再来一个',
      hid: 1,
      xz: 0,
      salary: '面议',
      province: '140000',
      citys: '140100',
      area: '',
      city_name: '太原',
      address: '',
      education: '',
      experience: '',
      headcount: 1,
      description: '描述',
      requirements: '',
    };
    expect(code(await tapi(app, 'job/add', post, { cookies: company }))).toBe(ERRORS.PORTAL_QUOTA_EXCEEDED.code);
    await storage.putJob({ ...base, id: 799, title: '另一家', companyID: 'jinshang_hr', createdAt: 9 });
    const full = (await tapi(app, 'company/quota', {}, { cookies: company })).data as Quota;
    expect(full.items.find((i) => i.key === 'openJobs')).toEqual({ key: 'openJobs', used: 20, limit: 20 });
  });
});
