import {
  type ApplicationItem,
  type ApplicationPage,
  ERRORS,
  type InvitationPage,
  type JobDetail,
  type JobPage,
  type TalentPage,
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
const POST = {
  title: '  测试开发工程师 ',
  hid: 1,
  xz: 1,
  salary: '8-12K',
  province: '140000',
  citys: '140100',
  area: '140105',
  city_name: '太原·小店区',
  address: '长治路 227 号',
  education: '本科',
  experience: '1-3年',
  headcount: 2,
  description: '编写自动化测试',
  requirements: '熟悉 TypeScript',
};

describe.each(KINDS)('PRT17-PRT23 the centres’ activity (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const as = async (who: { mobile: string; identity: number }, password = DEMO_PASSWORD) =>
    sessionOf(await tapi(app, 'user/login', { ...who, password }));
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind, { demo: true }));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  it('PRT17 PRT18 an application fills the job seeker’s 投递记录 and only the job’s enterprise’s received list', async () => {
    const [seeker, owner, other] = [await as(ZHANGWEI), await as(TAIYUAN_TECH), await as(JINSHANG_HR)];
    const applied = await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker });
    const item = applied.data as ApplicationItem;
    expect(item.job).toMatchObject({ id: 1, company: { uid: 'taiyuan_tech' } });
    expect(item.seeker).toMatchObject({ uid: 'zhangwei', name: '张伟' });
    expect(item.seeker).not.toHaveProperty('mobile');
    expect((await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker })).body.code).toBe(
      ERRORS.PORTAL_ALREADY_APPLIED.code,
    );
    const mine = (await tapi(app, 'user/deliver', {}, { cookies: seeker })).data as ApplicationPage;
    expect(mine.total).toBe(1);
    expect(mine.list[0]?.job.id).toBe(1);
    const received = (await tapi(app, 'job/received', {}, { cookies: owner })).data as ApplicationPage;
    expect(received.list.map((a) => [a.job.id, a.seeker.uid])).toEqual([[1, 'zhangwei']]);
    const elsewhere = (await tapi(app, 'job/received', {}, { cookies: other })).data as ApplicationPage;
    expect(elsewhere.total).toBe(0);
    // Another job seeker's list stays empty: the list is the session's, not a payload's.
    expect(((await tapi(app, 'user/deliver', {}, { cookies: await as(LINA) })).data as ApplicationPage).total).toBe(0);
    expect((await tapi(app, 'job/apply', { id: 99_999 }, { cookies: seeker })).body.code).toBe(
      ERRORS.PORTAL_NOT_FOUND.code,
    );
  });

  it('PRT19 saving a job fills saved jobs; removing empties it; an unknown job cannot be saved', async () => {
    const seeker = await as(ZHANGWEI);
    for (const id of [2, 3, 2]) await tapi(app, 'job/collect', { id, collect: 1 }, { cookies: seeker });
    const saved = (await tapi(app, 'user/collect', {}, { cookies: seeker })).data as JobPage;
    expect(saved.list.map((j) => j.id).sort()).toEqual([2, 3]);
    await tapi(app, 'job/collect', { id: 2, collect: 0 }, { cookies: seeker });
    expect(((await tapi(app, 'user/collect', {}, { cookies: seeker })).data as JobPage).list.map((j) => j.id)).toEqual([
      3,
    ]);
    const unknown = await tapi(app, 'job/collect', { id: 99_999, collect: 1 }, { cookies: seeker });
    expect(unknown.body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
    const lina = (await tapi(app, 'user/collect', {}, { cookies: await as(LINA) })).data as JobPage;
    expect(lina.total).toBe(0);
  });

  it('PRT20 a posted job is open at once: in the job list and its detail, under the posting enterprise', async () => {
    const owner = await as(TAIYUAN_TECH);
    const posted = (await tapi(app, 'job/add', POST, { cookies: owner })).data as JobDetail;
    expect(posted).toMatchObject({ title: '测试开发工程师', chat_uid: 'taiyuan_tech', xz: 1, headcount: 2 });
    const list = (await tapi(app, 'job/list', { val: '测试开发', citys: '140100' })).data as JobPage;
    expect(list.list.map((j) => j.id)).toEqual([posted.id]);
    const again = (await tapi(app, 'job/add', { ...POST, title: '第二个' }, { cookies: owner })).data as JobDetail;
    expect(again.id).toBe(posted.id + 1);
    const badGroup = await tapi(app, 'job/add', { ...POST, hid: 999 }, { cookies: owner });
    expect(badGroup.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const blank = await tapi(app, 'job/add', { ...POST, title: '   ' }, { cookies: owner });
    expect(blank.body.code).toBe(ERRORS.INVALID_PARAMS.code);
    const badCity = await tapi(app, 'job/add', { ...POST, citys: '太原' }, { cookies: owner });
    expect([badCity.status, badCity.body.code]).toEqual([400, ERRORS.INVALID_PARAMS.code]);
    const seekerTry = await tapi(app, 'job/add', POST, { cookies: await as(ZHANGWEI) });
    expect(seekerTry.body.code).toBe(ERRORS.PORTAL_WRONG_IDENTITY.code);
  });

  it('PRT21 SES11 a password change asks the old password; the new one must be strong; then only it logs in, and the other sessions end', async () => {
    const seeker = await as(LINA);
    const elsewhere = await as(LINA);
    const show = (cookies: typeof seeker) => tapi(app, 'user/invite', {}, { cookies });
    expect((await show(elsewhere)).body.code).toBe(1);
    const wrong = await tapi(app, 'user/uppass', { old: 'nottheold1', password: 'fresh2026x' }, { cookies: seeker });
    expect(wrong.body.code).toBe(ERRORS.PORTAL_WRONG_OLD_PASSWORD.code);
    const weak = await tapi(app, 'user/uppass', { old: DEMO_PASSWORD, password: 'short1' }, { cookies: seeker });
    expect(weak.body.code).toBe(ERRORS.PORTAL_WEAK_PASSWORD.code);
    const login = (password: string) => tapi(app, 'user/login', { ...LINA, password });
    expect((await login(DEMO_PASSWORD)).body.code).toBe(1);
    const ok = await tapi(app, 'user/uppass', { old: DEMO_PASSWORD, password: 'fresh2026x' }, { cookies: seeker });
    expect(ok.body).toEqual({ code: 1, msg: 'ok', data: '' });
    // The session that changed the password stays; the one elsewhere (perhaps the intruder's) is over.
    expect((await show(seeker)).body.code).toBe(1);
    expect((await show(elsewhere)).body.code).toBe(ERRORS.SESSION_REQUIRED.code);
    expect((await login('fresh2026x')).body.code).toBe(1);
    expect((await login(DEMO_PASSWORD)).body.code).toBe(ERRORS.WRONG_CREDENTIALS.code);
    expect((await tapi(app, 'user/uppass', { old: 'x', password: 'fresh2026y' })).body.code).toBe(
      ERRORS.SESSION_REQUIRED.code,
    );
  });

  it('PRT22 PRT23 the talent pool lists complete resumes; an invitation to an own open job reaches the job seeker', async () => {
    const owner = await as(TAIYUAN_TECH);
    const pool = (await tapi(app, 'talent/list', {}, { cookies: owner })).data as TalentPage;
    expect(pool.list.map((c) => c.uid).sort()).toEqual(['wangfang', 'zhangwei']);
    const invite = (q: object, cookies = owner) => tapi(app, 'talent/invite', q, { cookies });
    const sent = await invite({ seeker: 'zhangwei', job_id: 1, note: ' 欢迎来面试 ' });
    expect(sent.data).toMatchObject({ job: { id: 1 }, seeker: { uid: 'zhangwei' }, note: '欢迎来面试' });
    expect((await invite({ seeker: 'zhangwei', job_id: 1 })).body.code).toBe(ERRORS.PORTAL_ALREADY_INVITED.code);
    const jinshangJob = ((await tapi(app, 'job/list', { val: '山西晋商', size: 1 })).data as JobPage).list[0];
    expect(jinshangJob?.company.uid).toBe('jinshang_hr');
    const notOwn = await invite({ seeker: 'zhangwei', job_id: jinshangJob?.id ?? 0 });
    expect(notOwn.body.code).toBe(ERRORS.PORTAL_NOT_YOURS.code);
    expect((await invite({ seeker: 'jinshang_hr', job_id: 1 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
    const inbox = (await tapi(app, 'user/invite', {}, { cookies: await as(ZHANGWEI) })).data as InvitationPage;
    expect(inbox.list.map((i) => [i.job.id, i.job.company.uid, i.note])).toEqual([[1, 'taiyuan_tech', '欢迎来面试']]);
    const outbox = (await tapi(app, 'job/invited', {}, { cookies: owner })).data as InvitationPage;
    expect(outbox.total).toBe(1);
    const otherOutbox = (await tapi(app, 'job/invited', {}, { cookies: await as(JINSHANG_HR) })).data as InvitationPage;
    expect(otherOutbox.total).toBe(0);
  });
});
