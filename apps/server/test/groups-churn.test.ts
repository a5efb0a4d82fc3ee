import { ERRORS, type Group, LIMITS, MESSAGE_ROUTES, ROUTES, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createGroup } from '../src/domain/groups/lifecycle.ts';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat, path, R } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

/** A clock the test moves: budgets and tip windows are checked without waiting. */
function manualClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const tips = (list: WireMessage[]) =>
  list.filter((m) => m.type === 'TIMGroupTipElem').map((m) => [m.payload.operationType, m.payload.userIDList]);
const notices = (list: WireMessage[]) => list.map((m) => m.payload.operationType);
const rateLimited = ERRORS.RATE_LIMITED.code;

describe('group churn: budget (sqlite)', () => {
  it('ABU20 creates, joins, quits and adds share PARLEY_RATE_GROUP_WRITES per second (burst twice): 429 60007 with Retry-After, nothing written', async () => {
    const clock = manualClock();
    const c = await makeGroupChat('sqlite', ['amy', 'bob'], { PARLEY_RATE_GROUP_WRITES: '2' }, { clock });
    const open = await c.create('amy', { name: 'open', type: 'Public', joinOption: 'FreeAccess' });
    const codes: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      codes.push((await c.call('bob', 'POST', path(R.join, open.groupID), {})).code);
      codes.push((await c.call('bob', 'POST', path(R.quit, open.groupID))).code);
    }
    const refused = await c.app.inject({
      method: 'POST',
      url: path(R.join, open.groupID),
      headers: { authorization: `Bearer ${c.sigs.bob}` },
      payload: {},
    });
    expect(codes).toEqual([0, 0, 0, 0]);
    expect([refused.statusCode, refused.json().code, refused.headers['retry-after']]).toEqual([429, rateLimited, '1']);
    const members = (await c.call('amy', 'GET', path(R.group, open.groupID))).json.group as Group;
    expect(members.memberCount).toBe(1);
    // Another user's budget is its own; reads are not counted; the budget refills with time.
    expect((await c.call('amy', 'GET', R.groups)).code).toBe(0);
    expect((await c.call('amy', 'POST', R.groups, { name: 'second' })).code).toBe(0);
    clock.advance(1000);
    expect((await c.call('bob', 'POST', path(R.join, open.groupID), {})).code).toBe(0);
    await c.close();
  });

  it('ABU24 without a count a page holds LIMITS.listPage (100) groups or conversations, never the whole list', async () => {
    const c = await makeGroupChat('sqlite', ['amy']);
    // Through the action, not the route: the point is the list, not 101 requests.
    for (let i = 0; i <= LIMITS.listPage; i += 1) await createGroup(c.app.parley.domain, 'amy', { name: `g${i}` });
    const groups = (await c.call('amy', 'GET', R.groups)).json;
    expect([(groups.groupList as unknown[]).length, groups.isSyncCompleted]).toEqual([LIMITS.listPage, false]);
    const rest = (await c.call('amy', 'GET', `${R.groups}?cursor=${encodeURIComponent(groups.nextCursor as string)}`))
      .json;
    expect([(rest.groupList as unknown[]).length, rest.isSyncCompleted, rest.nextCursor]).toEqual([1, true, '']);
    const conversations = (await c.call('amy', 'GET', MESSAGE_ROUTES.conversations)).json;
    expect((conversations.conversationList as unknown[]).length).toBe(LIMITS.listPage);
    expect(conversations.isSyncCompleted).toBe(false);
    await c.close();
  });
});

describe.each(KINDS)('group churn (%s)', (kind) => {
  it('ABU22 a user is in at most PARLEY_MAX_GROUPS_PER_USER groups: 10037 for their own joins, overLimitUserIDList when added', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat'], { PARLEY_MAX_GROUPS_PER_USER: '2' });
    const free = await c.create('cat', { name: 'free', type: 'Public', joinOption: 'FreeAccess' });
    const gated = await c.create('cat', { name: 'gated', type: 'Public' });
    await c.create('amy', { name: 'a1' });
    const work = await c.create('amy', { name: 'a2' });
    const third = await c.call('amy', 'POST', R.groups, { name: 'a3', groupID: 'third' });
    expect([third.status, third.code]).toEqual([403, 10037]);
    expect((await c.call('amy', 'GET', path(R.group, 'third'))).code).toBe(10010);
    expect((await c.call('amy', 'POST', path(R.join, free.groupID), {})).code).toBe(10037);
    expect((await c.call('amy', 'POST', path(R.join, gated.groupID), {})).code).toBe(10037);
    // cat is in two groups already: left out, told nothing.
    const added = await c.call('amy', 'POST', path(R.members, work.groupID), { userIDList: ['cat', 'bob'] });
    expect(added.json).toMatchObject({ successUserIDList: ['bob'], overLimitUserIDList: ['cat'] });
    const created = await c.call('bob', 'POST', R.groups, { name: 'b', memberList: [{ userID: 'cat' }] });
    expect(created.json.overLimitUserIDList).toEqual(['cat']);
    expect((created.json.group as Group).memberCount).toBe(1);
    expect(notices(await c.system('cat'))).toEqual([6, 6]);
    // Leaving one makes room again.
    expect((await c.call('amy', 'POST', path(R.quit, work.groupID))).code).toBe(0);
    expect((await c.call('amy', 'POST', path(R.join, free.groupID), {})).json.status).toBe('JoinedSuccess');
    await c.close();
  });

  it('ABU24 getGroupList and the conversation list come in pages of at most 100 by cursor; walking them lists each once', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob']);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await c.create('amy', { name: `g${i}`, groupID: `g${i}` })).groupID);
    await c.send('amy', 'bob');
    const walk = async (url: string, key: 'groupList' | 'conversationList', id: 'groupID' | 'conversationID') => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor = '';
      do {
        const page = (await c.call('amy', 'GET', `${url}${url.includes('?') ? '&' : '?'}count=2${cursor}`)).json;
        const list = page[key] as Record<string, string>[];
        sizes.push(list.length);
        seen.push(...list.map((x) => x[id] as string));
        expect(page.isSyncCompleted).toBe(page.nextCursor === '');
        cursor = page.nextCursor ? `&cursor=${encodeURIComponent(page.nextCursor as string)}` : '';
      } while (cursor !== '');
      return { seen, sizes };
    };
    expect(await walk(R.groups, 'groupList', 'groupID')).toEqual({ seen: ids, sizes: [2, 2, 1] });
    const conversations = await walk(MESSAGE_ROUTES.conversations, 'conversationList', 'conversationID');
    expect(conversations).toEqual({
      seen: ['@TIM#SYSTEM', 'C2Cbob', ...ids.map((g) => `GROUP${g}`)],
      sizes: [2, 2, 2, 1],
    });
    // A sync since a version pages the same way, group rows included (GRP13).
    const { syncVersion } = await c.conversations('amy');
    const since = await walk(
      `${MESSAGE_ROUTES.conversations}?since=${syncVersion}`,
      'conversationList',
      'conversationID',
    );
    expect(since.seen).toEqual(ids.map((g) => `GROUP${g}`));
    expect((await c.call('amy', 'GET', `${R.groups}?count=101`)).code).toBe(60003);
    expect((await c.call('amy', 'GET', `${MESSAGE_ROUTES.conversations}?count=0`)).code).toBe(60003);
    await c.close();
  });

  it('ABU25 allowType decides who may add a user: DenyAny refuses the call (30516) and tells them nothing; NeedConfirm invites; AllowAny adds', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);
    const set = async (as: string, allowType: string) =>
      expect((await c.call(as, 'PATCH', ROUTES.myProfile, { allowType })).code).toBe(0);
    await set('bob', 'AllowType_Type_DenyAny');
    await set('cat', 'AllowType_Type_NeedConfirm');
    const work = await c.create('amy', { name: 'w' });
    const denied = await c.call('amy', 'POST', path(R.members, work.groupID), { userIDList: ['dan', 'bob'] });
    expect([denied.status, denied.code, denied.json.data]).toEqual([403, 30516, { userID: 'bob' }]);
    const refusedCreate = await c.call('amy', 'POST', R.groups, {
      name: 'x',
      groupID: 'x',
      memberList: [{ userID: 'bob' }],
    });
    expect(refusedCreate.code).toBe(30516);
    expect((await c.call('amy', 'GET', path(R.group, 'x'))).code).toBe(10010);
    expect(await c.system('bob')).toEqual([]);
    expect((await c.call('amy', 'GET', path(R.group, work.groupID))).json.group).toMatchObject({ memberCount: 1 });
    const added = await c.call('amy', 'POST', path(R.members, work.groupID), { userIDList: ['cat', 'dan'] });
    expect(added.json).toMatchObject({ successUserIDList: ['dan'], pendingUserIDList: ['cat'] });
    expect(notices(await c.system('cat'))).toEqual([12]);
    expect(notices(await c.system('dan'))).toEqual([7]);
    expect((await c.call('cat', 'GET', path(R.members, work.groupID))).code).toBe(10007);
    const accept = await c.call('cat', 'POST', path(R.handleInvitation, work.groupID), { handleAction: 'Agree' });
    expect((accept.json.group as Group).memberCount).toBe(3);
    await c.close();
  });

  it('ABU26 a member’s joins and quits within PARLEY_GROUP_TIP_WINDOW_S of their last join/quit tip store no new tip', async () => {
    const clock = manualClock();
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat'], { PARLEY_GROUP_TIP_WINDOW_S: '10' }, { clock });
    const open = await c.create('amy', { name: 'open', type: 'Public', joinOption: 'FreeAccess' });
    for (let i = 0; i < 3; i += 1) {
      expect((await c.call('bob', 'POST', path(R.join, open.groupID), {})).code).toBe(0);
      expect((await c.call('bob', 'POST', path(R.quit, open.groupID))).code).toBe(0);
    }
    // Another member's tips are their own; the window is per member.
    await c.call('cat', 'POST', path(R.join, open.groupID), {});
    expect(tips(await c.groupHistory('amy', open.groupID))).toEqual([
      [1, ['bob']],
      [1, ['cat']],
    ]);
    const group = (await c.call('amy', 'GET', path(R.group, open.groupID))).json.group as Group;
    expect(group.memberCount).toBe(2);
    clock.advance(10_000);
    await c.call('bob', 'POST', path(R.join, open.groupID), {});
    await c.call('bob', 'POST', path(R.quit, open.groupID));
    expect(tips(await c.groupHistory('amy', open.groupID)).slice(2)).toEqual([[1, ['bob']]]);
    await c.close();
  });
});
