import {
  ERRORS,
  type FeedbackItem,
  type FeedbackPage,
  MESSAGE_ROUTES,
  MESSAGE_TYPE,
  type OperatorFeedbackPage,
  PORTAL_ADMIN_ROUTES,
  PORTAL_LANGUAGE,
  ROUTES,
  type WireMessage,
  conversationPath,
} from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { addToBlacklist } from '../src/domain/contacts/blacklist.ts';
import { adminHeaders, bearer, cleanupApps, userSigFor } from './support/app.ts';
import { KINDS, makePortalApp, sessionOf, tapi } from './support/portal.ts';

const ZHANGWEI = { mobile: '13800000001', identity: 1 };
const TAIYUAN_TECH = { mobile: '13900000001', identity: 2 };
const JINSHANG_HR = { mobile: '13900000002', identity: 2 };

/** Both storages: the status notice goes through the send path, the reply through a new column (migration 0019). */
describe.each(KINDS)('PCP14 PCP15 operator reply and status notices (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const as = async (who: { mobile: string; identity: number }) =>
    sessionOf(await tapi(app, 'user/login', { ...who, password: DEMO_PASSWORD }));
  /** The custom messages in the job seeker's conversation with the demo enterprise taiyuan_tech. */
  const notices = async (): Promise<WireMessage[]> => {
    const auth = bearer(await userSigFor(app, 'zhangwei'));
    const url = conversationPath(MESSAGE_ROUTES.messages, 'C2Ctaiyuan_tech');
    const res = await app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as { messageList: WireMessage[] }).messageList.filter((m) => m.type === MESSAGE_TYPE.CUSTOM);
  };
  const unreadOf = async (): Promise<number> => {
    const res = await app.inject({
      method: 'GET',
      url: MESSAGE_ROUTES.unread,
      headers: bearer(await userSigFor(app, 'zhangwei')),
    });
    return (res.json() as { totalUnreadCount: number }).totalUnreadCount;
  };
  const setStatus = (cookies: Record<string, string>, status: number) =>
    tapi(app, 'job/status', { job_id: 1, seeker: 'zhangwei', status }, { cookies });
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind, { demo: true }));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  it('PCP14 the operator lists open feedback and answers it; the user sees the reply and its time', async () => {
    const [seeker, company] = [await as(ZHANGWEI), await as(TAIYUAN_TECH)];
    const mine = (await tapi(app, 'feedback/add', { kind: 2, content: '职位页面打不开' }, { cookies: seeker }))
      .data as FeedbackItem;
    await tapi(app, 'feedback/add', { kind: 1, content: '希望增加夜班岗位' }, { cookies: company });
    expect(mine).toMatchObject({ status: 0, reply: '', reply_time: 0 });
    const url = PORTAL_ADMIN_ROUTES.feedback;
    expect((await app.inject({ method: 'GET', url: `${url}?status=0` })).statusCode).toBe(401);
    const open = (await app.inject({ method: 'GET', url: `${url}?status=0`, headers: adminHeaders })).json();
    expect((open as OperatorFeedbackPage).list.map((f) => f.uid).sort()).toEqual(['taiyuan_tech', 'zhangwei']);
    const replyUrl = PORTAL_ADMIN_ROUTES.feedbackReply.replace(':id', mine.id);
    const put = (id: string, reply: string, headers: Record<string, string> = adminHeaders) =>
      app.inject({ method: 'PUT', url: replyUrl.replace(mine.id, id), headers, payload: { reply } });
    expect((await put(mine.id, '已修复', {})).statusCode).toBe(401);
    expect((await put(mine.id, '   ')).json().code).toBe(ERRORS.INVALID_PARAMS.code);
    expect((await put(mine.id, 'x'.repeat(1001))).statusCode).toBe(400);
    const unknown = await put('00000000-0000-4000-8000-000000000000', '已修复');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, ERRORS.PORTAL_NOT_FOUND.code]);
    // Not an ID at all (S8 found a NUL reaching PostgreSQL as a 500): refused before any query.
    for (const bad of ['no-such-item', '%00', `${mine.id}%00`]) expect((await put(bad, '已修复')).statusCode).toBe(400);
    const answered = await put(mine.id, '  已修复，请刷新页面 <b>再试</b>  ');
    expect(answered.json()).toMatchObject({
      id: mine.id,
      uid: 'zhangwei',
      status: 1,
      reply: '已修复，请刷新页面 <b>再试</b>',
    });
    const page = (await tapi(app, 'feedback/mine', {}, { cookies: seeker })).data as FeedbackPage;
    expect(page.list[0]).toMatchObject({ id: mine.id, status: 1, reply: '已修复，请刷新页面 <b>再试</b>' });
    expect(page.list[0]?.reply_time).toBeGreaterThanOrEqual(mine.time);
    const theirs = (await tapi(app, 'feedback/mine', {}, { cookies: company })).data as FeedbackPage;
    expect(theirs.list.map((f) => [f.status, f.reply, f.reply_time])).toEqual([[0, '', 0]]);
    const stillOpen = (await app.inject({ method: 'GET', url: `${url}?status=0`, headers: adminHeaders })).json();
    expect((stillOpen as OperatorFeedbackPage).list.map((f) => f.uid)).toEqual(['taiyuan_tech']);
  });

  it('PCP15 a status change reaches the job seeker as a message from the enterprise, in their language, once', async () => {
    const [seeker, owner, other] = [await as(ZHANGWEI), await as(TAIYUAN_TECH), await as(JINSHANG_HR)];
    await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker });
    // Opening the resume moves the application to viewed without a message (the viewer list says it, PCP2).
    await tapi(app, 'talent/show', { seeker: 'zhangwei' }, { cookies: owner });
    expect(await notices()).toEqual([]);
    const unreadBefore = await unreadOf();
    expect((await setStatus(owner, 2)).body.code).toBe(1);
    expect((await setStatus(owner, 2)).body.code).toBe(1);
    expect((await setStatus(other, 3)).body.code).toBe(ERRORS.PORTAL_NOT_FOUND.code);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ from: 'taiyuan_tech', to: 'zhangwei', type: MESSAGE_TYPE.CUSTOM });
    const payload = notice?.payload as { data: string; description: string };
    const data = JSON.parse(payload.data);
    expect(data).toMatchObject({ businessID: 'text_link', kind: 'application_status', job_id: 1, status: 2 });
    expect(data.link).toBe('/user_jobshow?id=1');
    expect(payload.description).toBe(data.text);
    expect(payload.description).toMatch(/^【投递状态】.*「.+」.*面试/);
    expect(await unreadOf()).toBe(unreadBefore + 1);
    // A job seeker who reads English gets English.
    const auth = bearer(await userSigFor(app, 'zhangwei'));
    await app.inject({
      method: 'PATCH',
      url: ROUTES.myProfile,
      headers: auth,
      payload: { language: PORTAL_LANGUAGE.EN },
    });
    await setStatus(owner, 4);
    const last = (await notices()).at(-1)?.payload as { description: string };
    expect(last.description).toMatch(/^\[Application\] Congratulations! You are hired for ".+"/);
    // A job seeker who blocked the enterprise gets no notice; the status still changes.
    await addToBlacklist(app.parley.domain, 'zhangwei', ['taiyuan_tech']);
    expect((await setStatus(owner, 3)).body.code).toBe(1);
    expect(await notices()).toHaveLength(2);
    const mine = (await tapi(app, 'user/delivershow', { id: 1 }, { cookies: seeker })).data as { status: number };
    expect(mine.status).toBe(3);
  });
});
