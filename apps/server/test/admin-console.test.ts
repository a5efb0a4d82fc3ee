import {
  ADMIN_CONSOLE_ROUTES as R,
  ADMIN_KEY_HEADER,
  ADMIN_SESSION_COOKIE,
  type AdminRole,
  type AuditPage,
  ERRORS,
  ROUTES,
  adminConsolePath,
} from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../src/domain/admin-console/console.ts';
import { adminConsoleFor } from '../src/storage/admin-console.ts';
import { isSpaPath } from '../src/transport/http/static-web.ts';
import { ADMIN_KEY, cleanupApps, createUser, loginRequest, makeApp, userSigFor, within } from './support/app.ts';
import { sessionOf, tapi } from './support/portal.ts';
import { type OpenSocket, openSocket } from './support/ws.ts';

const PASSWORD = 'console-pass-1';
const ORIGIN = 'http://127.0.0.1:8080';
const sockets: OpenSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await cleanupApps();
});

/** An app with one admin of each role (`op`, `mod`, `ro`) and two users with a group. */
async function setup(extra: Parameters<typeof makeApp>[0] = {}) {
  const { app } = await makeApp({ ...extra, env: { PARLEY_ADMIN_BOOTSTRAP: `op:${PASSWORD}`, ...extra.env } });
  const store = adminConsoleFor(app.parley.domain.storage);
  if (!store) throw new Error('no console store');
  const c = { d: app.parley.domain, store };
  await createAdminAccount(c, { name: 'mod', role: 'moderator', password: PASSWORD }, 'cli');
  await createAdminAccount(c, { name: 'ro', role: 'readonly', password: PASSWORD }, 'cli');
  await createUser(app, {
    userID: 'alice',
    password: 'alice-pass-1',
    mobile: '13811110001',
    profile: { nick: '爱丽丝' },
  });
  await createUser(app, { userID: 'bob', password: 'bob-pass-1' });
  return { app, store };
}

async function signIn(app: FastifyInstance, name: string, password = PASSWORD, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: R.login,
    headers: { origin: ORIGIN },
    payload: { name, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function cookieOf(app: FastifyInstance, name: string): Promise<string> {
  const res = await signIn(app, name);
  const cookie = res.cookies.find((k) => k.name === ADMIN_SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign in ${name}: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

const call = (app: FastifyInstance, cookie: string | undefined, method: string, url: string, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { origin: ORIGIN },
    ...(cookie ? { cookies: { [ADMIN_SESSION_COOKIE]: cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

const u = (template: string, params: Record<string, string> = {}) => adminConsolePath(template, params);

async function makeGroup(app: FastifyInstance): Promise<string> {
  const sig = await userSigFor(app, 'alice');
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/groups',
    headers: { authorization: `Bearer ${sig}` },
    payload: { name: 'team', type: 'Public', memberList: [{ userID: 'bob' }] },
  });
  if (res.statusCode !== 200) throw new Error(`group: ${res.statusCode} ${res.body}`);
  return res.json<{ group: { groupID: string } }>().group.groupID;
}

/** Every console write with the least role that may make it (ADM8). */
function writes(groupID: string): { what: string; least: AdminRole; method: string; url: string; body?: object }[] {
  return [
    {
      what: 'create user',
      least: 'operator',
      method: 'POST',
      url: R.users,
      body: { userID: 'carol', password: 'carol-pass' },
    },
    {
      what: 'reset password',
      least: 'operator',
      method: 'POST',
      url: u(R.userPassword, { userID: 'bob' }),
      body: { password: 'bob-pass-2' },
    },
    {
      what: 'transfer owner',
      least: 'operator',
      method: 'POST',
      url: u(R.groupOwner, { groupID }),
      body: { newOwnerID: 'bob' },
    },
    { what: 'disable', least: 'moderator', method: 'POST', url: u(R.userDisable, { userID: 'bob' }) },
    { what: 'enable', least: 'moderator', method: 'POST', url: u(R.userEnable, { userID: 'bob' }) },
    { what: 'revoke', least: 'moderator', method: 'POST', url: u(R.userRevoke, { userID: 'bob' }) },
    {
      what: 'mute all',
      least: 'moderator',
      method: 'POST',
      url: u(R.groupMuteAll, { groupID }),
      body: { muteAll: true },
    },
    {
      what: 'mute member',
      least: 'moderator',
      method: 'POST',
      url: u(R.groupMuteMember, { groupID, userID: 'bob' }),
      body: { seconds: 60 },
    },
    { what: 'words', least: 'moderator', method: 'PUT', url: R.words, body: { words: ['禁词甲'] } },
    { what: 'dismiss', least: 'moderator', method: 'POST', url: u(R.groupDismiss, { groupID }) },
  ];
}
const RANK: Record<AdminRole, number> = { operator: 3, moderator: 2, readonly: 1 };

describe('admin console: accounts, roles and sessions (decision 0053)', () => {
  it('ADM8 each role is refused what it may not do (403 70071), on the server, and may do the rest', async () => {
    const { app } = await setup();
    const groupID = await makeGroup(app);
    for (const [name, role] of [
      ['ro', 'readonly'],
      ['mod', 'moderator'],
    ] as const) {
      const cookie = await cookieOf(app, name);
      for (const w of writes(groupID)) {
        const res = await call(app, cookie, w.method, w.url, w.body);
        if (RANK[role] < RANK[w.least]) {
          expect([w.what, role, res.statusCode, res.json().code]).toEqual([
            w.what,
            role,
            403,
            ERRORS.ADMIN_ROLE_FORBIDDEN.code,
          ]);
        } else {
          expect([w.what, role, res.statusCode]).toEqual([w.what, role, 200]);
        }
      }
      // Every role reads.
      expect((await call(app, cookie, 'GET', `${R.users}?q=ali`)).statusCode).toBe(200);
      expect((await call(app, cookie, 'GET', R.audit)).statusCode).toBe(200);
    }
    const op = await cookieOf(app, 'op');
    const created = await call(app, op, 'POST', R.users, { userID: 'carol', password: 'carol-pass' });
    expect(created.statusCode).toBe(201);
  });

  it('ADM7 without a console session every console route answers 401 70070; the shared admin key opens none', async () => {
    const { app } = await setup();
    const groupID = await makeGroup(app);
    const all = [
      ...writes(groupID),
      { method: 'GET', url: R.me },
      { method: 'GET', url: R.audit },
      { method: 'GET', url: `${R.users}?q=a` },
      { method: 'GET', url: u(R.user, { userID: 'alice' }) },
      { method: 'GET', url: `${R.groups}?q=t` },
      { method: 'GET', url: u(R.group, { groupID }) },
      { method: 'GET', url: R.words },
      { method: 'POST', url: R.logout },
    ];
    for (const r of all) {
      const res = await app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY, authorization: `Bearer ${ADMIN_KEY}` },
        ...('body' in r && r.body ? { payload: r.body } : {}),
      });
      expect([r.url, res.statusCode, res.json().code]).toEqual([r.url, 401, ERRORS.ADMIN_SESSION_REQUIRED.code]);
    }
  });

  it('ADM5 the console cookie is HttpOnly, SameSite=Strict, scoped to /admin; ADM6 a write from another origin is refused', async () => {
    const { app } = await setup();
    const res = await signIn(app, 'op');
    expect(res.json()).toEqual({ name: 'op', role: 'operator' });
    const cookie = res.cookies.find((k) => k.name === ADMIN_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(res.headers['cache-control']).toBe('no-store');
    const foreign = await app.inject({
      method: 'POST',
      url: u(R.userRevoke, { userID: 'bob' }),
      headers: { origin: 'https://evil.example' },
      cookies: { [ADMIN_SESSION_COOKIE]: cookie?.value ?? '' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(ERRORS.FORBIDDEN_ORIGIN.code);
    // Logout ends the session on the server, not only in the browser.
    expect((await call(app, cookie?.value, 'POST', R.logout)).statusCode).toBe(200);
    expect((await call(app, cookie?.value, 'GET', R.me)).statusCode).toBe(401);
  });

  it('ADM9 console login is throttled like user login: the same answer for an unknown name, then 429', async () => {
    const { app } = await setup();
    const unknown = await signIn(app, 'nobody', 'wrong-password', '10.0.0.9');
    const wrong = await signIn(app, 'op', 'wrong-password', '10.0.0.9');
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual(wrong.json());
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(app, 'op', 'wrong-password', '10.0.0.9')).statusCode);
    expect(codes.at(-1)).toBe(429);
    // The right password from that address is locked out too; another address still signs in.
    expect((await signIn(app, 'op', PASSWORD, '10.0.0.9')).statusCode).toBe(429);
    expect((await signIn(app, 'op', PASSWORD, '10.0.0.10')).statusCode).toBe(200);
  });

  it('ADM10 PARLEY_ADMIN_BOOTSTRAP makes the first operator once; a bad value stops start-up', async () => {
    const { app, store } = await setup();
    expect(await store.getAdmin('op')).toMatchObject({ role: 'operator' });
    const page = await call(app, await cookieOf(app, 'op'), 'GET', `${R.audit}?action=admin.create`);
    expect(page.json<AuditPage>().entries.map((e) => [e.actor, e.target])).toEqual([
      ['cli', 'ro'],
      ['cli', 'mod'],
      ['bootstrap', 'op'],
    ]);
    await expect(makeApp({ env: { PARLEY_ADMIN_BOOTSTRAP: 'op:short' } })).rejects.toThrow(/PARLEY_ADMIN_BOOTSTRAP/);
  });

  it('ADM3 /admin and /admin/console/* are web app pages; /admin/api/ and /admin/v1/ stay APIs', () => {
    expect(isSpaPath('GET', '/admin')).toBe(true);
    expect(isSpaPath('GET', '/admin/console')).toBe(true);
    expect(isSpaPath('GET', '/admin/console/users?q=1')).toBe(true);
    expect(isSpaPath('GET', '/admin/api/me')).toBe(false);
    expect(isSpaPath('GET', '/admin/v1/accounts')).toBe(false);
    expect(isSpaPath('GET', '/admin/consoles')).toBe(false);
  });
});

describe('admin console: the audit log (ADM12–ADM14)', () => {
  it('ADM13 each action is logged with who, role, what, target, when and from which address; filters and pages', async () => {
    const { app } = await setup();
    const mod = await cookieOf(app, 'mod');
    for (let i = 0; i < 3; i++) await call(app, mod, 'POST', u(R.userRevoke, { userID: i === 2 ? 'alice' : 'bob' }));
    const ro = await cookieOf(app, 'ro');
    const page = (await call(app, ro, 'GET', `${R.audit}?actor=mod&action=user.revoke`)).json<AuditPage>();
    expect(page.entries.map((e) => e.target)).toEqual(['alice', 'bob', 'bob']);
    expect(page.entries[0]).toMatchObject({
      actor: 'mod',
      role: 'moderator',
      action: 'user.revoke',
      address: '127.0.0.1',
    });
    expect(page.entries[0]?.at).toBeGreaterThan(0);
    const byTarget = (await call(app, ro, 'GET', `${R.audit}?target=alice`)).json<AuditPage>();
    expect(byTarget.entries.map((e) => e.action)).toEqual(['user.revoke']);
    const older = (
      await call(app, ro, 'GET', `${R.audit}?before=${page.entries[0]?.id}&action=user.revoke`)
    ).json<AuditPage>();
    expect(older.entries.map((e) => e.target)).toEqual(['bob', 'bob']);
  });

  it('ADM12 no route changes or removes an audit entry, and the database itself refuses UPDATE and DELETE', async () => {
    const { app } = await setup();
    const groupID = await makeGroup(app);
    const op = await cookieOf(app, 'op');
    await call(app, op, 'POST', u(R.userRevoke, { userID: 'bob' }));
    const db = (app.parley.domain.storage as unknown as { db: import('kysely').Kysely<unknown> }).db;
    const snapshot = async () => (await sql`select * from admin_audit order by id`.execute(db)).rows;
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(3);
    // Every documented route, every method it has, as the operator and with the admin key, with a guessed body.
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    let tried = 0;
    for (const [template, methods] of Object.entries(paths)) {
      const url = template.replace(/\{[^}]+\}/g, (m) => (m.includes('group') ? groupID : 'bob'));
      for (const method of Object.keys(methods)) {
        if (url === R.logout) continue;
        await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { origin: ORIGIN, [ADMIN_KEY_HEADER]: ADMIN_KEY },
          cookies: { [ADMIN_SESSION_COOKIE]: op },
          ...(method === 'get' || method === 'delete'
            ? {}
            : { payload: { id: before[0] && (before[0] as { id: number }).id } }),
        });
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(50);
    const after = await snapshot();
    expect(after.slice(0, before.length)).toEqual(before);
    await expect(sql`update admin_audit set actor = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit`.execute(db)).rejects.toThrow(/append-only/);
    expect(await snapshot()).toEqual(after);
  });
});

describe('admin console: users (ADM15–ADM22)', () => {
  async function socketOf(app: FastifyInstance, userSig: string): Promise<OpenSocket> {
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    const socket = await openSocket(`ws://127.0.0.1:${address.port}/ws?userSig=${encodeURIComponent(userSig)}`);
    sockets.push(socket);
    await socket.next((f) => f.type === 'hello');
    return socket;
  }

  it('ADM15 finds users by ID, nickname or mobile and shows their sessions', async () => {
    const { app } = await setup();
    await loginRequest(app, 'alice', 'alice-pass-1');
    const ro = await cookieOf(app, 'ro');
    for (const q of ['alice', '爱丽', '1381111']) {
      const res = await call(app, ro, 'GET', `${R.users}?q=${encodeURIComponent(q)}`);
      expect([q, res.json().users.map((x: { userID: string }) => x.userID)]).toEqual([q, ['alice']]);
    }
    expect((await call(app, ro, 'GET', `${R.users}?q=%25`)).json().users).toEqual([]);
    const detail = await call(app, ro, 'GET', u(R.user, { userID: 'alice' }));
    expect(detail.json()).toMatchObject({ user: { userID: 'alice', nick: '爱丽丝', disabled: false }, online: false });
    expect(detail.json().sessions).toHaveLength(1);
  });

  it('ADM20 disabling kicks every socket of the user, refuses its login (70072) and userSigs; enabling lets it in again', async () => {
    const { app } = await setup();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await socketOf(app, await userSigFor(app, 'alice'));
    const mod = await cookieOf(app, 'mod');
    const res = await call(app, mod, 'POST', u(R.userDisable, { userID: 'alice' }));
    expect(res.json()).toMatchObject({ user: { disabled: true } });
    expect(await socket.next((f) => f.type === 'kicked')).toEqual({ type: 'kicked', reason: 'REST_API_Kick' });
    expect(await within(socket.closed, 20_000, 'the disabled user socket to close')).toBe(4001);
    const login = await loginRequest(app, 'alice', 'alice-pass-1');
    expect([login.statusCode, login.json().code]).toEqual([403, ERRORS.ACCOUNT_DISABLED.code]);
    // A wrong password still answers as for anyone: disabled accounts are not found by guessing.
    expect((await loginRequest(app, 'alice', 'wrong-pass-1')).json().code).toBe(ERRORS.WRONG_CREDENTIALS.code);
    const issue = await app.inject({
      method: 'POST',
      url: ROUTES.adminUserSig,
      headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY },
      payload: { userID: 'alice' },
    });
    expect(issue.json().code).toBe(ERRORS.ACCOUNT_DISABLED.code);
    await call(app, mod, 'POST', u(R.userEnable, { userID: 'alice' }));
    expect((await loginRequest(app, 'alice', 'alice-pass-1')).statusCode).toBe(200);
  });

  it('ADM22 revoking kicks every socket; ADM21 a reset password works at once and the old one does not', async () => {
    const { app } = await setup();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await socketOf(app, await userSigFor(app, 'bob'));
    const op = await cookieOf(app, 'op');
    await call(app, op, 'POST', u(R.userRevoke, { userID: 'bob' }));
    expect(await within(socket.closed, 20_000, 'the revoked socket to close')).toBe(4001);
    await call(app, op, 'POST', u(R.userPassword, { userID: 'bob' }), { password: 'bob-new-pass' });
    expect((await loginRequest(app, 'bob', 'bob-pass-1')).statusCode).toBe(401);
    expect((await loginRequest(app, 'bob', 'bob-new-pass')).statusCode).toBe(200);
  });
});

describe('admin console: groups (ADM25–ADM27)', () => {
  it('ADM25 shows members and roles, mutes, transfers and dismisses through the owner rules', async () => {
    const { app } = await setup();
    const groupID = await makeGroup(app);
    const op = await cookieOf(app, 'op');
    expect(
      (await call(app, op, 'GET', `${R.groups}?q=tea`)).json().groups.map((g: { groupID: string }) => g.groupID),
    ).toEqual([groupID]);
    const detail = (await call(app, op, 'GET', u(R.group, { groupID }))).json();
    expect(detail.members.map((m: { userID: string; role: string }) => [m.userID, m.role])).toEqual([
      ['alice', 'Owner'],
      ['bob', 'Member'],
    ]);
    const muted = await call(app, op, 'POST', u(R.groupMuteMember, { groupID, userID: 'bob' }), { seconds: 600 });
    expect(muted.json().members[1].muteUntil).toBeGreaterThan(0);
    expect((await call(app, op, 'POST', u(R.groupMuteAll, { groupID }), { muteAll: true })).json().group.muteAll).toBe(
      true,
    );
    const moved = await call(app, op, 'POST', u(R.groupOwner, { groupID }), { newOwnerID: 'bob' });
    expect(moved.json().group.ownerID).toBe('bob');
    // A non-member cannot be made owner: the group's own rule answers.
    expect(
      (await call(app, op, 'POST', u(R.groupOwner, { groupID }), { newOwnerID: 'carol' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await call(app, op, 'POST', u(R.groupDismiss, { groupID }))).statusCode).toBe(200);
    expect((await call(app, op, 'GET', u(R.group, { groupID }))).statusCode).toBe(404);
  });
});

describe('admin console: the portal feedback queue (ADM37)', () => {
  it('ADM37 lists open feedback, a moderator answers it (read-only may not), the user sees the answer', async () => {
    const { app } = await setup();
    await createUser(app, { userID: 'dave', password: 'dave-pass-1', mobile: '13811110009', identity: 1 });
    const seeker = sessionOf(
      await tapi(app, 'user/login', { mobile: '13811110009', identity: 1, password: 'dave-pass-1' }),
    );
    expect(
      (await tapi(app, 'feedback/add', { kind: 2, content: '职位页面打不开' }, { cookies: seeker })).body.code,
    ).toBe(1);
    const ro = await cookieOf(app, 'ro');
    const open = (await call(app, ro, 'GET', `${R.feedback}?status=0`)).json<{ list: { id: string; uid: string }[] }>();
    expect(open.list.map((f) => f.uid)).toEqual(['dave']);
    const id = open.list[0]?.id ?? '';
    const url = u(R.feedbackReply, { id });
    const refused = await call(app, ro, 'PUT', url, { reply: '已修复' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, ERRORS.ADMIN_ROLE_FORBIDDEN.code]);
    const mod = await cookieOf(app, 'mod');
    expect((await call(app, mod, 'PUT', url, { reply: '已修复' })).json()).toMatchObject({
      status: 1,
      reply: '已修复',
    });
    const mine = await tapi(app, 'feedback/mine', {}, { cookies: seeker });
    expect((mine.data as { list: { reply: string }[] }).list[0]?.reply).toBe('已修复');
    const audit = (await call(app, ro, 'GET', `${R.audit}?action=feedback.reply`)).json<AuditPage>();
    expect(audit.entries.map((e) => [e.actor, e.target])).toEqual([['mod', id]]);
  });
});
