import {
  type Article,
  type ArticlePage,
  type Block,
  type ContentPage,
  ERRORS,
  type JobDetail,
  type JobGroup,
  type JobPage,
  type PortalLoginData,
  type UserShowData,
} from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { bearer, cleanupApps } from './support/app.ts';
import { KINDS, makePortalApp, sessionOf, tapi } from './support/portal.ts';

const TAIYUAN = { province: '140000', citys: '140100', area: '' };
const BEIJING = { province: '110000', citys: '110100', area: '' };

describe.each(KINDS)('PRT11-PRT16 portal content on the demo data (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await makePortalApp(kind, { demo: true }));
  });
  afterAll(async () => {
    await close();
    await cleanupApps();
  });

  const jobs = async (payload: Record<string, unknown>, cookies?: Record<string, string>) =>
    (await tapi(app, 'job/list', payload, cookies ? { cookies } : {})).data as JobPage;

  it('PRT15 common/recruitgroup: more than 8 job groups in display order', async () => {
    const groups = (await tapi(app, 'common/recruitgroup')).data as JobGroup[];
    expect(groups.length).toBeGreaterThan(8);
    expect(groups[0]).toEqual({ id: 1, title: '互联网/IT' });
    expect(new Set(groups.map((g) => g.id)).size).toBe(groups.length);
  });

  it('PRT14 common/bimage 30, 31, 32, 42: footer HTML, QR images drawn locally with captions, copyright', async () => {
    const get = async (id: number) => (await tapi(app, 'common/bimage', { id })).data as Block;
    expect((await get(30)).content).toContain('客服热线');
    for (const id of [31, 32]) {
      const b = await get(id);
      expect(b.title).toMatch(/^扫码/);
      expect(b.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(b.image.split(',')[1] ?? '', 'base64').toString();
      expect(svg).toMatch(/^<svg /);
      // Nothing in the picture points anywhere but the SVG namespace.
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href|<script/i);
    }
    expect((await get(42)).content).toMatch(/^<p>© 2026/);
    const missing = await tapi(app, 'common/bimage', { id: 999 });
    expect(missing.body).toMatchObject({ code: ERRORS.PORTAL_NOT_FOUND.code, data: '' });
    // A content page is not a block.
    expect((await tapi(app, 'common/bimage', { id: 29 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PRT14 common/dy 29 and 36: the contact and employment policy pages', async () => {
    const contact = (await tapi(app, 'common/dy', { id: 29 })).data as ContentPage;
    expect(contact.title).toBe('联系我们');
    const policy = (await tapi(app, 'common/dy', { id: 36 })).data as ContentPage;
    expect(policy.title).toBe('就业政策');
    expect((await tapi(app, 'common/dy', { id: 30 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PRT15 job/list: demo jobs of both enterprises in Taiyuan and the other three cities, newest first', async () => {
    const all = await jobs({ size: 50 });
    expect(all.total).toBe(all.list.length);
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(new Set(all.list.map((j) => j.company.uid))).toEqual(new Set(['taiyuan_tech', 'jinshang_hr']));
    expect(new Set(all.list.map((j) => j.citys))).toEqual(new Set(['140100', '110100', '610100', '130100']));
    const times = all.list.map((j) => j.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('PRT15 the city comes from the payload, else from the province/citys/area cookies', async () => {
    const byCookie = await jobs({ size: 50 }, TAIYUAN);
    expect(byCookie.total).toBeGreaterThan(0);
    expect(byCookie.list.every((j) => j.citys === '140100' && j.city_name.startsWith('太原'))).toBe(true);
    const byPayload = await jobs({ ...BEIJING, size: 50 }, TAIYUAN);
    expect(byPayload.total).toBeGreaterThan(0);
    expect(byPayload.list.every((j) => j.citys === '110100')).toBe(true);
    const area = await jobs({ ...TAIYUAN, area: '140105', size: 50 });
    expect(area.list.every((j) => j.area === '140105')).toBe(true);
    expect(area.total).toBeLessThan(byCookie.total);
    // A cookie that is not a region code is ignored, not an error.
    const junk = await jobs({ size: 50 }, { citys: "1' or 1=1 --" });
    expect(junk.total).toBe((await jobs({ size: 50 })).total);
  });

  it('PRT15 keyword, job group, full-time / part-time and paging', async () => {
    const kw = await jobs({ val: '前端' });
    expect(kw.total).toBe(2);
    expect(kw.list.every((j) => j.title.includes('前端'))).toBe(true);
    const byCompany = await jobs({ val: '晋商', size: 50 });
    expect(byCompany.list.every((j) => j.company.uid === 'jinshang_hr')).toBe(true);
    const wild = await jobs({ val: '%' });
    expect(wild.total).toBe(0);
    const group = await jobs({ hid: 2, size: 50 });
    expect(group.total).toBe(2);
    expect(group.list.every((j) => j.hid === 2 && j.group === '财务/会计')).toBe(true);
    const part = await jobs({ xz: 1, size: 50 });
    expect(part.total).toBeGreaterThan(0);
    expect(part.list.every((j) => j.xz === 1)).toBe(true);
    const full = await jobs({ xz: 0, size: 50 });
    expect(full.total + part.total).toBe((await jobs({ size: 50 })).total);
    const p1 = await jobs({ size: 5, page: 1 });
    const p2 = await jobs({ size: 5, page: 2 });
    expect(p1.list).toHaveLength(5);
    expect(p2.page).toBe(2);
    expect(p2.list.map((j) => j.id).some((id) => p1.list.some((j) => j.id === id))).toBe(false);
  });

  it('PRT16 job/show carries the enterprise’s chat user ID; a seeker can chat with it at once', async () => {
    const first = (await jobs({ val: '前端开发工程师' })).list[0];
    const job = (await tapi(app, 'job/show', { id: first?.id ?? 0 })).data as JobDetail;
    expect(job).toMatchObject({ title: '前端开发工程师', chat_uid: 'taiyuan_tech', company: { uid: 'taiyuan_tech' } });
    expect(job.company.title).toBe('太原智联科技有限公司');
    expect(job.lat).toBeGreaterThan(37);
    const login = await tapi(app, 'user/login', { mobile: '13800000002', password: DEMO_PASSWORD, identity: 1 });
    const sig = (login.data as PortalLoginData).session.userSig;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: bearer(sig),
      payload: {
        ID: `job-${job.id}`,
        conversationType: 'C2C',
        to: job.chat_uid,
        type: 'TIMTextElem',
        payload: { text: '您好，我对这个岗位感兴趣' },
      },
    });
    expect(sent.statusCode).toBe(200);
    expect((await tapi(app, 'job/show', { id: 99_999 })).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
  });

  it('PRT12 demo resume states: the complete-resume badge (jl_status 1) shows for 李娜 only', async () => {
    const status = async (mobile: string) => {
      const login = await tapi(app, 'user/login', { mobile, password: DEMO_PASSWORD, identity: 1 });
      const uid = (login.data as PortalLoginData).uid;
      return ((await tapi(app, 'user/usershow', { uid }, { cookies: sessionOf(login) })).data as UserShowData)
        .jl_status;
    };
    expect(await status('13800000001')).toBe(0);
    expect(await status('13800000002')).toBe(1);
    expect(await status('13800000003')).toBe(0);
    const ent = await tapi(app, 'user/login', { mobile: '13900000001', password: DEMO_PASSWORD, identity: 2 });
    const show = await tapi(app, 'user/usershow', { uid: 'taiyuan_tech' }, { cookies: sessionOf(ent) });
    expect(show.data).toMatchObject({ qy: { title: '太原智联科技有限公司' }, mobile: '13900000001', jl_status: 0 });
  });

  it('PRT14 news and articles: lists per kind with paging, zp split by t, details of the right kind only', async () => {
    const news = (await tapi(app, 'news/list', { size: 3 })).data as ArticlePage;
    expect(news.total).toBeGreaterThanOrEqual(5);
    expect(news.list).toHaveLength(3);
    const item = (await tapi(app, 'news/show', { id: news.list[0]?.id ?? 0 })).data as Article;
    expect(item.kind).toBe('news');
    expect(item.content.length).toBeGreaterThan(0);
    for (const k of ['zk', 'train', 'asked', 'gg', 'zp'] as const) {
      const page = (await tapi(app, 'article/list', { kind: k })).data as ArticlePage;
      expect(page.total, k).toBeGreaterThan(1);
      expect(page.list.every((a) => a.kind === k)).toBe(true);
    }
    const fairs = (await tapi(app, 'article/list', { kind: 'zp', t: 1 })).data as ArticlePage;
    const campus = (await tapi(app, 'article/list', { kind: 'zp', t: 2 })).data as ArticlePage;
    expect(fairs.list.every((a) => a.t === 1) && campus.list.every((a) => a.t === 2)).toBe(true);
    expect(fairs.total + campus.total).toBe(
      ((await tapi(app, 'article/list', { kind: 'zp' })).data as ArticlePage).total,
    );
    const zk = ((await tapi(app, 'article/list', { kind: 'zk' })).data as ArticlePage).list[0];
    expect(zk?.ends_at).toBeGreaterThan(0);
    const asZk = await tapi(app, 'article/show', { kind: 'zk', id: zk?.id ?? 0 });
    expect((asZk.data as Article).title).toBe(zk?.title);
    const asNews = await tapi(app, 'news/show', { id: zk?.id ?? 0 });
    expect(asNews.body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
    const search = (await tapi(app, 'news/list', { val: '补贴' })).data as ArticlePage;
    expect(search.total).toBe(1);
  });

  it('PRT15 common/citys: 太原 first, then 北京, 西安, 石家庄', async () => {
    const cities = (await tapi(app, 'common/citys')).data as { name: string; citys: string }[];
    expect(cities.map((c) => c.name)).toEqual(['太原', '北京', '西安', '石家庄']);
    expect(cities[0]?.citys).toBe('140100');
  });
});
