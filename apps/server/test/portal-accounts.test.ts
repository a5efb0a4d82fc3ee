import { ERRORS, type PortalLoginData, SESSION_COOKIE, type UserShowData } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyUserSig } from '../src/domain/auth/usersig.ts';
import { SECRET, bearer, cleanupApps } from './support/app.ts';
import { KINDS, cookieOf, makePortalApp, sessionOf, tapi } from './support/portal.ts';

const now = () => Math.floor(Date.now() / 1000);
const SEEKER = { identity: 1, mobile: '13712345678', password: 'abc12345', name: '新人' };
const ENTERPRISE = { identity: 2, mobile: '15912345678', password: 'Company2026', name: '太原新材料有限公司' };

describe.each(KINDS)('PRT5-PRT13 portal accounts (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ app, close } = await makePortalApp(kind));
  });
  afterEach(async () => {
    await close();
    await cleanupApps();
  });

  const code = (r: { body: { code: number } }) => r.body.code;
  /** Registration opens no session (ABU38): the page signs in next, as this does. */
  const signUp = async (who: typeof SEEKER) => {
    expect(code(await tapi(app, 'user/register', who))).toBe(1);
    return tapi(app, 'user/login', { mobile: who.mobile, password: who.password, identity: who.identity });
  };
  const accounts = () => app.parley.domain.storage.accounts.count();

  it('PRT7 register a job seeker, then sign in: session + display cookies, a userSig the chat accepts', async () => {
    const reg = await tapi(app, 'user/register', SEEKER);
    expect(reg.body).toEqual({ code: 1, msg: 'ok', data: '' });
    expect(cookieOf(reg.res, SESSION_COOKIE)).toBeUndefined();
    const r = await signUp({ ...SEEKER, mobile: '13712345679' });
    expect(r.status).toBe(200);
    expect(code(r)).toBe(1);
    const data = r.data as PortalLoginData;
    expect(data.identity).toBe(1);
    expect(data.username).toBe('新人');
    expect(data.uid).toMatch(/^js_[0-9a-f]{12}$/);
    expect(data.session.userID).toBe(data.uid);
    expect(verifyUserSig(SECRET, data.session.userSig, now(), data.uid).uid).toBe(data.uid);
    const sid = cookieOf(r.res, SESSION_COOKIE);
    expect(sid?.httpOnly).toBe(true);
    expect(cookieOf(r.res, 'userid')).toMatchObject({ value: data.uid, path: '/' });
    expect(cookieOf(r.res, 'userid')?.httpOnly).toBeFalsy();
    expect(cookieOf(r.res, 'identity')?.value).toBe('1');
    expect(r.res.headers['cache-control']).toBe('no-store');
    // Every portal account is a chat user: the userSig works on the messaging API right away.
    const conv = await app.inject({
      method: 'GET',
      url: '/api/v1/conversations',
      headers: bearer(data.session.userSig),
    });
    expect(conv.statusCode).toBe(200);
  });

  it('PRT11 usershow answers the own info; qy for an enterprise, null for a job seeker', async () => {
    const seeker = await signUp(SEEKER);
    const uid = (seeker.data as PortalLoginData).uid;
    const show = await tapi(app, 'user/usershow', { uid }, { cookies: sessionOf(seeker) });
    expect(show.data).toEqual({
      uid,
      identity: 1,
      username: '新人',
      mobile: '13712345678',
      qy: null,
      jl_status: 1,
      read: 0,
    } satisfies UserShowData);
    const ent = await signUp(ENTERPRISE);
    const euid = (ent.data as PortalLoginData).uid;
    expect(euid).toMatch(/^qy_/);
    const eshow = await tapi(app, 'user/usershow', { uid: euid }, { cookies: sessionOf(ent) });
    expect(eshow.data).toMatchObject({ identity: 2, qy: { title: '太原新材料有限公司' }, jl_status: 0 });
  });

  it('PRT11 read counts the unread chat messages of the user', async () => {
    const a = await signUp(SEEKER);
    const b = await signUp(ENTERPRISE);
    const [ad, bd] = [a.data as PortalLoginData, b.data as PortalLoginData];
    for (const text of ['您好', '方便聊聊吗']) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: bearer(bd.session.userSig),
        payload: {
          ID: `m-${text.length}-${Date.now()}`,
          conversationType: 'C2C',
          to: ad.uid,
          type: 'TIMTextElem',
          payload: { text },
        },
      });
      expect(sent.statusCode).toBe(200);
    }
    const show = await tapi(app, 'user/usershow', { uid: ad.uid }, { cookies: sessionOf(a) });
    expect((show.data as UserShowData).read).toBe(2);
  });

  it('PRT5 PRT6 no session: 70061; someone else’s uid: 70064; the display cookies are never trusted', async () => {
    const a = await signUp(SEEKER);
    const b = await signUp(ENTERPRISE);
    const [ad, bd] = [a.data as PortalLoginData, b.data as PortalLoginData];
    const anon = await tapi(app, 'user/usershow', { uid: ad.uid });
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ code: ERRORS.SESSION_REQUIRED.code, msg: 'Please log in', data: '' });
    const forged = await tapi(app, 'user/usershow', { uid: ad.uid }, { cookies: { userid: ad.uid, identity: '1' } });
    expect(code(forged)).toBe(ERRORS.SESSION_REQUIRED.code);
    const other = await tapi(
      app,
      'user/usershow',
      { uid: bd.uid },
      { cookies: { ...sessionOf(a), userid: bd.uid, identity: '2' } },
    );
    expect(code(other)).toBe(ERRORS.PORTAL_NOT_YOURS.code);
    expect(other.body.data).toBe('');
    const resume = await tapi(app, 'user/resumesave', { uid: 'zhangwei', intro: 'x' }, { cookies: sessionOf(a) });
    expect(code(resume)).toBe(ERRORS.PORTAL_NOT_YOURS.code);
    expect(await app.parley.domain.storage.portal.resume(ad.uid)).toBeUndefined();
    // The wrong account kind: an enterprise on a job seeker call, whatever its identity cookie says.
    const kind = await tapi(app, 'user/resume', {}, { cookies: { ...sessionOf(b), identity: '1' } });
    expect(code(kind)).toBe(ERRORS.PORTAL_WRONG_IDENTITY.code);
  });

  it('PRT7 login by mobile, password and identity; the wrong kind gets 70063 and no session', async () => {
    await tapi(app, 'user/register', SEEKER);
    const ok = await tapi(app, 'user/login', { mobile: SEEKER.mobile, password: SEEKER.password, identity: 1 });
    expect(code(ok)).toBe(1);
    expect((ok.data as PortalLoginData).session.identity).toBe(1);
    expect(cookieOf(ok.res, 'identity')?.value).toBe('1');
    const wrongKind = await tapi(app, 'user/login', { mobile: SEEKER.mobile, password: SEEKER.password, identity: 2 });
    expect(code(wrongKind)).toBe(ERRORS.PORTAL_WRONG_IDENTITY.code);
    expect(cookieOf(wrongKind.res, SESSION_COOKIE)).toBeUndefined();
    const bad = await tapi(app, 'user/login', { mobile: SEEKER.mobile, password: 'wrong1234', identity: 1 });
    expect(bad.body).toMatchObject({ code: ERRORS.WRONG_CREDENTIALS.code, data: '' });
    const nobody = await tapi(app, 'user/login', { mobile: '13000000000', password: 'wrong1234', identity: 1 });
    expect(nobody.body.msg).toBe(bad.body.msg);
  });

  it('PRT7 logout ends the server session (the old cookie opens nothing) and clears the cookies', async () => {
    const r = await signUp(SEEKER);
    const uid = (r.data as PortalLoginData).uid;
    const cookies = sessionOf(r);
    const out = await tapi(app, 'user/logout', {}, { cookies });
    expect(out.body).toEqual({ code: 1, msg: 'ok', data: '' });
    for (const name of [SESSION_COOKIE, 'userid', 'identity']) {
      const c = cookieOf(out.res, name);
      expect(c?.value, name).toBe('');
    }
    const after = await tapi(app, 'user/usershow', { uid }, { cookies });
    expect(code(after)).toBe(ERRORS.SESSION_REQUIRED.code);
    const session = await app.inject({ method: 'GET', url: '/api/v1/auth/session', cookies });
    expect(session.statusCode).toBe(204);
  });

  it('PRT8 ABU38 a taken mobile: the same answer as a free one, no second account, the first one unchanged', async () => {
    const first = await tapi(app, 'user/register', SEEKER);
    const again = await tapi(app, 'user/register', { ...ENTERPRISE, mobile: SEEKER.mobile });
    expect(again.body).toEqual(first.body);
    expect(await accounts()).toBe(1);
    const login = (password: string, identity: number) =>
      tapi(app, 'user/login', { mobile: SEEKER.mobile, password, identity });
    expect(code(await login(ENTERPRISE.password, 2))).toBe(ERRORS.WRONG_CREDENTIALS.code);
    expect(code(await login(SEEKER.password, 1))).toBe(1);
  });

  it('PRT8 a mobile that is not a mainland China number: 70412', async () => {
    for (const mobile of ['12345678901', '1371234567', '137123456789', '+8613712345678', '1371234567a']) {
      const r = await tapi(app, 'user/register', { ...SEEKER, mobile });
      expect(code(r), mobile).toBe(ERRORS.PORTAL_BAD_MOBILE.code);
    }
    expect(await accounts()).toBe(0);
  });

  it('PRT9 weak passwords: 70411 and nothing stored', async () => {
    for (const password of ['abc1234', '12345678', 'abcdefgh', `x1${'a'.repeat(63)}`, 'a13712345678']) {
      const r = await tapi(app, 'user/register', { ...SEEKER, password });
      expect(code(r), password).toBe(ERRORS.PORTAL_WEAK_PASSWORD.code);
    }
    expect(await accounts()).toBe(0);
  });

  it('PRT10 a 10,000-character name: 400 60003; a blank name: 70413; nothing stored', async () => {
    const long = await tapi(app, 'user/register', { ...SEEKER, name: '名'.repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      code: ERRORS.INVALID_PARAMS.code,
      message: 'data.name must not have more than 30 characters',
    });
    const blank = await tapi(app, 'user/register', { ...SEEKER, name: '   ' });
    expect(code(blank)).toBe(ERRORS.PORTAL_BAD_NAME.code);
    const control = await tapi(app, 'user/register', { ...SEEKER, name: 'a\u0007b' });
    expect(code(control)).toBe(ERRORS.PORTAL_BAD_NAME.code);
    expect(await accounts()).toBe(0);
  });

  it('PRT12 PRT13 resume status follows the fields; expert application once, job seekers only', async () => {
    const a = await signUp(SEEKER);
    const cookies = sessionOf(a);
    const empty = await tapi(app, 'user/resume', {}, { cookies });
    expect(empty.data).toMatchObject({
      jl_status: 1,
      missing: ['name', 'gender', 'birth_year', 'education', 'citys', 'intention', 'intro'],
    });
    const fields = { name: '新人', gender: 1, birth_year: 2000, education: '本科', citys: '140100', intention: '测试' };
    const part = await tapi(app, 'user/resumesave', fields, { cookies });
    expect(part.data).toMatchObject({ jl_status: 1, missing: ['intro'] });
    const full = await tapi(app, 'user/resumesave', { intro: '两年测试经验' }, { cookies });
    expect(full.data).toMatchObject({ jl_status: 0, missing: [], resume: { ...fields, intro: '两年测试经验' } });
    const uid = (a.data as PortalLoginData).uid;
    const show = await tapi(app, 'user/usershow', { uid }, { cookies });
    expect((show.data as UserShowData).jl_status).toBe(0);

    const none = await tapi(app, 'user/expertapply', {}, { cookies });
    expect(none.data).toEqual({ application: null });
    const apply = await tapi(app, 'user/applyexpert', { field: '软件测试', intro: '两年测试经验' }, { cookies });
    expect(apply.data).toMatchObject({ uid, field: '软件测试', status: 0 });
    const twice = await tapi(app, 'user/applyexpert', { field: '别的', intro: '再来' }, { cookies });
    expect(code(twice)).toBe(ERRORS.PORTAL_ALREADY_APPLIED.code);
    expect(
      ((await tapi(app, 'user/expertapply', { uid }, { cookies })).data as { application: { field: string } })
        .application.field,
    ).toBe('软件测试');
    const ent = await signUp(ENTERPRISE);
    const entApply = await tapi(app, 'user/applyexpert', { field: 'x', intro: 'y' }, { cookies: sessionOf(ent) });
    expect(code(entApply)).toBe(ERRORS.PORTAL_WRONG_IDENTITY.code);
  });
});
