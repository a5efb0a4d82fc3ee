import {
  ADMIN_CONSOLE_ROUTES,
  ADMIN_SESSION_COOKIE,
  type AdminReportList,
  type AuditPage,
  REPORT_ROUTES,
  type WireMessage,
  adminConsolePath,
} from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminAccount } from '../src/domain/admin-console/console.ts';
import { adminConsoleFor } from '../src/storage/admin-console.ts';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const PASSWORD = 'console-pass-1';
const ORIGIN = 'http://127.0.0.1:8080';

/** amy, bob and cat in a group; an admin of each role (`op`, `mod`, `ro`). */
async function open(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  // A clock that stands still: a budget refills only when the test moves it.
  const clock = { now: () => Date.UTC(2026, 0, 1) };
  const c = await makeGroupChat(
    kind,
    ['amy', 'bob', 'cat', 'dan'],
    { PARLEY_ADMIN_BOOTSTRAP: `op:${PASSWORD}`, ...env },
    { clock },
  );
  const store = adminConsoleFor(c.app.parley.domain.storage);
  if (!store) throw new Error('no console store');
  const rec = { d: c.app.parley.domain, store };
  await createAdminAccount(rec, { name: 'mod', role: 'moderator', password: PASSWORD }, 'cli');
  await createAdminAccount(rec, { name: 'ro', role: 'readonly', password: PASSWORD }, 'cli');
  const cookies: Record<string, string> = {};
  for (const name of ['op', 'mod', 'ro']) {
    const res = await c.app.inject({
      method: 'POST',
      url: ADMIN_CONSOLE_ROUTES.login,
      headers: { origin: ORIGIN },
      payload: { name, password: PASSWORD },
    });
    cookies[name] = res.cookies.find((k) => k.name === ADMIN_SESSION_COOKIE)?.value ?? '';
  }
  const admin = async (name: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await c.app.inject({
      method,
      url,
      headers: { origin: ORIGIN },
      cookies: { [ADMIN_SESSION_COOKIE]: cookies[name] ?? '' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  const group = await c.create('amy', {
    name: 'team',
    type: 'Public',
    memberList: [{ userID: 'bob' }, { userID: 'cat' }],
  });
  const say = async (as: string, text: string) => {
    const res = await c.say(as, group.groupID, { payload: { text } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.json));
    return res.json.message as WireMessage;
  };
  const report = (as: string, conversationID: string, messageID: string, extra: object = {}) =>
    c.call(as, 'POST', REPORT_ROUTES.report, { conversationID, messageID, reason: 'abuse', ...extra });
  const list = async (as = 'ro') => (await admin(as, 'GET', REPORT_ROUTES.consoleList)).json as AdminReportList;
  const act = (as: string, reportID: number, body: object) =>
    admin(as, 'POST', adminConsolePath(REPORT_ROUTES.consoleAction, { reportID: String(reportID) }), body);
  const audit = async () =>
    ((await admin('op', 'GET', `${ADMIN_CONSOLE_ROUTES.audit}?actor=mod`)).json as AuditPage).entries.filter(
      (e) => e.action !== 'admin.login',
    );
  const systemTexts = async (as: string) =>
    ((await c.system(as)) as WireMessage[])
      .filter((m) => m.type === 'TIMTextElem')
      .map((m) => (m.payload as { text: string }).text);
  return { c, group, groupConv: `GROUP${group.groupID}`, admin, say, report, list, act, audit, systemTexts };
}

describe.each(KINDS)('message reports (%s)', (kind) => {
  it('RPT1 RPT3 RPT4 a member reports a message with its context; a repeat answers the same report', async () => {
    const t = await open(kind);
    for (let i = 1; i <= 7; i++) await t.say(i % 2 ? 'amy' : 'cat', `line ${i}`);
    const bad = await t.say('bob', 'bad words');
    const first = await t.report('amy', t.groupConv, bad.ID, { note: '  please look  ' });
    expect(first.status).toBe(200);
    const again = await t.report('amy', t.groupConv, bad.ID, { reason: 'spam' });
    expect(again.json).toEqual(first.json);
    expect((await t.report('cat', t.groupConv, bad.ID)).json.reportID).not.toBe(first.json.reportID);
    const { reports } = await t.list();
    expect(reports).toHaveLength(2);
    const mine = reports.find((r) => r.reporter.userID === 'amy');
    expect(mine).toMatchObject({
      reason: 'abuse',
      note: 'please look',
      status: 'open',
      groupID: t.group.groupID,
      sender: { userID: 'bob', nick: 'bob-nick' },
      message: { ID: bad.ID, payload: { text: 'bad words' } },
    });
    expect(mine?.context.map((m) => (m.payload as { text: string }).text)).toEqual([
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
    ]);
    // Newest first.
    expect(reports[0]?.reporter.userID).toBe('cat');
    await t.c.close();
  });

  it('RPT1 RPT2 no report of a conversation I am not in, of my own message, or with a bad reason or long note', async () => {
    const t = await open(kind);
    const bad = await t.say('bob', 'bad words');
    const outsider = await t.report('dan', t.groupConv, bad.ID);
    expect([outsider.status, outsider.code]).toEqual([404, 20026]);
    const c2c = await t.c.send('bob', 'cat', { payload: { text: 'private' } });
    const id = (c2c.json.message as WireMessage).ID;
    expect((await t.report('amy', 'C2Cbob', id)).code).toBe(20026);
    expect((await t.report('cat', 'C2Cbob', id)).status).toBe(200);
    expect((await t.report('bob', t.groupConv, bad.ID)).status).toBe(400);
    expect((await t.report('amy', t.groupConv, bad.ID, { reason: 'boring' })).status).toBe(400);
    expect((await t.report('amy', t.groupConv, bad.ID, { note: 'x'.repeat(201) })).status).toBe(400);
    expect((await t.list()).reports).toHaveLength(1);
    await t.c.close();
  });

  it('RPT10 readonly may list but not act; a moderator removes the message for everyone, the reporters are told', async () => {
    const t = await open(kind);
    const bad = await t.say('bob', 'bad words');
    await t.report('amy', t.groupConv, bad.ID);
    await t.report('cat', t.groupConv, bad.ID);
    const [r] = (await t.list('ro')).reports;
    if (!r) throw new Error('no report');
    const refused = await t.act('ro', r.id, { action: 'remove' });
    expect([refused.status, refused.json.code]).toEqual([403, 70071]);
    const done = await t.act('mod', r.id, { action: 'remove' });
    expect(done.json).toEqual({ status: 'removed', resolved: 2 });
    const seen = ((await t.c.groupHistory('cat', t.group.groupID)) as WireMessage[]).find((m) => m.ID === bad.ID);
    expect(seen).toMatchObject({ isRevoked: true, revoker: 'administrator' });
    expect((await t.list()).reports).toHaveLength(0);
    expect(await t.systemTexts('amy')).toEqual([expect.stringContaining('removed')]);
    expect(await t.systemTexts('cat')).toEqual([expect.stringContaining('removed')]);
    expect(await t.systemTexts('bob')).toEqual([]);
    const [entry] = await t.audit();
    expect(entry).toMatchObject({ actor: 'mod', role: 'moderator', action: 'report.remove', target: String(r.id) });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ messageID: bad.ID, sender: 'bob', recalled: true });
    expect((await t.act('mod', r.id, { action: 'dismiss' })).status).toBe(400);
    await t.c.close();
  });

  it('RPT12 a mute silences the sender in that group; RPT14 a disable ends the account; both audited', async () => {
    const t = await open(kind);
    const bad = await t.say('bob', 'bad words');
    await t.report('amy', t.groupConv, bad.ID);
    const [r] = (await t.list()).reports;
    if (!r) throw new Error('no report');
    expect((await t.act('mod', r.id, { action: 'mute', muteSeconds: 3600 })).json.status).toBe('muted');
    expect((await t.c.say('bob', t.group.groupID)).code).toBe(10017);
    expect((await t.audit()).map((e) => e.action)).toEqual(['report.mute', 'group.muteMember']);

    const c2c = await t.c.send('bob', 'cat', { payload: { text: 'private' } });
    await t.report('cat', 'C2Cbob', (c2c.json.message as WireMessage).ID);
    const [p] = (await t.list()).reports;
    if (!p) throw new Error('no report');
    expect((await t.act('mod', p.id, { action: 'mute' })).status).toBe(400);
    expect((await t.act('mod', p.id, { action: 'disable' })).json.status).toBe('disabled');
    expect((await t.c.send('bob', 'cat')).status).toBe(401);
    expect((await t.audit()).map((e) => e.action).slice(0, 2)).toEqual(['report.disable', 'user.disable']);
    expect(await t.systemTexts('cat')).toEqual([expect.stringContaining('disabled')]);
    expect(await t.systemTexts('amy')).toEqual([expect.stringContaining('muted')]);
    await t.c.close();
  });

  it('RPT10 dismissing closes only that report, tells its reporter, and a new report may follow', async () => {
    const t = await open(kind);
    const msg = await t.say('bob', 'fine words');
    await t.report('amy', t.groupConv, msg.ID);
    await t.report('cat', t.groupConv, msg.ID);
    const amys = (await t.list()).reports.find((r) => r.reporter.userID === 'amy');
    if (!amys) throw new Error('no report');
    expect((await t.act('op', amys.id, { action: 'dismiss' })).json).toEqual({ status: 'dismissed', resolved: 1 });
    expect((await t.list()).reports.map((r) => r.reporter.userID)).toEqual(['cat']);
    expect(await t.systemTexts('amy')).toEqual([expect.stringContaining('reviewed')]);
    expect(await t.systemTexts('cat')).toEqual([]);
    const again = await t.report('amy', t.groupConv, msg.ID);
    expect(again.json.reportID).not.toBe(amys.id);
    const history = (await t.c.groupHistory('amy', t.group.groupID)) as WireMessage[];
    expect(history.find((m) => m.ID === msg.ID)?.isRevoked).toBeFalsy();
    await t.c.close();
  });

  it('RPT6 reports take from the send budget: past it 429 60007, and nothing is stored', async () => {
    const t = await open(kind, { PARLEY_RATE_SENDS: '1' });
    const ids = [(await t.say('bob', 'one')).ID, (await t.say('bob', 'two')).ID, (await t.say('cat', 'three')).ID];
    const answers = [];
    for (const id of ids) answers.push(await t.report('amy', t.groupConv, id));
    expect(answers.map((a) => [a.status, a.code])).toEqual([
      [200, 0],
      [200, 0],
      [429, 60007],
    ]);
    expect((await t.list()).reports.map((r) => r.message.ID).sort()).toEqual(ids.slice(0, 2).sort());
    await t.c.close();
  });
});
