import type { Group, GroupMember } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, cleanupApps } from './support/app.ts';
import { makeGroupChat, path, R } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const field = (key: string, value: string) => ({ key, value });

describe.each(KINDS)('group custom fields, invite option, last send time (%s)', (kind) => {
  const open = () => makeGroupChat(kind, ['amy', 'bob', 'cat']);

  it('GRP19 groupCustomField: set at creation, merged by key on update (empty deletes) by owner or admin only', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'g',
      type: 'Public',
      groupCustomField: [field('level', 'gold'), field('city', '太原')],
      memberList: [{ userID: 'bob', role: 'Admin' }, { userID: 'cat' }],
    });
    expect(g.groupCustomField).toEqual([field('level', 'gold'), field('city', '太原')]);
    const update = (as: string, groupCustomField: unknown) =>
      c.call(as, 'PATCH', path(R.group, g.groupID), { groupCustomField });
    const byAdmin = await update('bob', [field('city', '北京'), field('level', ''), field('new', 'x')]);
    expect((byAdmin.json.group as Group).groupCustomField).toEqual([field('city', '北京'), field('new', 'x')]);
    expect((await update('cat', [field('city', 'x')])).code).toBe(10007);
    // Every member reads the same fields.
    const seen = (await c.call('cat', 'GET', path(R.group, g.groupID))).json.group as Group;
    expect(seen.groupCustomField).toEqual([field('city', '北京'), field('new', 'x')]);
    await c.close();
  });

  it('GRP19 bad custom fields are refused whole: a key twice, a bad key, a long value, too many keys', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', type: 'Public', groupCustomField: [field('a', '1')] });
    const update = (groupCustomField: unknown) =>
      c.call('amy', 'PATCH', path(R.group, g.groupID), { groupCustomField, name: 'renamed' });
    expect((await update([field('k', '1'), field('k', '2')])).code).toBe(10004);
    // The shape is checked first (60003): keys of letters, digits and _ up to 16, at most 10 fields per call.
    expect((await update([field('bad key', '1')])).code).toBe(60003);
    expect((await update([field('k'.repeat(17), '1')])).code).toBe(60003);
    // 171 Chinese characters are 513 bytes: one over the group limit.
    expect((await update([field('k', '中'.repeat(171))])).code).toBe(10004);
    // Ten new keys beside the stored one make eleven: over the limit once merged.
    const ten = Array.from({ length: 10 }, (_, i) => field(`k${i}`, 'v'));
    expect((await update(ten)).code).toBe(10004);
    expect((await update([...ten, field('k10', 'v')])).code).toBe(60003);
    const after = (await c.call('amy', 'GET', path(R.group, g.groupID))).json.group as Group;
    // Nothing half-applied: neither the name nor the fields changed.
    expect([after.name, after.groupCustomField]).toEqual(['g', [field('a', '1')]]);
    expect((await c.call('amy', 'POST', R.groups, { name: 'h', groupCustomField: [{ key: 'a' }] })).code).toBe(60003);
    await c.close();
  });

  it('GRP19 memberCustomField: mine as any member, another’s only from above; shown in member lists and selfInfo', async () => {
    const c = await open();
    const g = await c.create('amy', {
      name: 'g',
      type: 'Public',
      memberList: [{ userID: 'bob', role: 'Admin', memberCustomField: [field('team', 'red')] }, { userID: 'cat' }],
    });
    const set = (as: string, userID: string, memberCustomField: unknown) =>
      c.call(as, 'PUT', path(R.memberCustomField, g.groupID, { userID }), { memberCustomField });
    const mine = await set('cat', 'cat', [field('team', 'blue')]);
    expect((mine.json.member as GroupMember).memberCustomField).toEqual([field('team', 'blue')]);
    expect((await set('cat', 'bob', [field('team', 'x')])).code).toBe(10007);
    expect((await set('bob', 'amy', [field('team', 'x')])).code).toBe(10007);
    expect((await set('bob', 'cat', [field('team', 'green')])).code).toBe(0);
    expect((await set('amy', 'dan', [field('team', 'x')])).code).not.toBe(0);
    // 22 Chinese characters are 66 bytes: over the member limit of 64 (65 characters fail the shape, 60003).
    expect((await set('cat', 'cat', [field('team', '中'.repeat(22))])).code).toBe(10004);
    expect((await set('cat', 'cat', [field('team', 'x'.repeat(65))])).code).toBe(60003);
    const list = (await c.call('amy', 'GET', `${path(R.members, g.groupID)}?count=10`)).json
      .memberList as GroupMember[];
    expect(Object.fromEntries(list.map((m) => [m.userID, m.memberCustomField]))).toEqual({
      amy: [],
      bob: [field('team', 'red')],
      cat: [field('team', 'green')],
    });
    const self = (await c.call('bob', 'GET', path(R.group, g.groupID))).json.group as Group;
    expect(self.selfInfo.memberCustomField).toEqual([field('team', 'red')]);
    await c.close();
  });

  it('GRP20 inviteOption: Work groups start FreeAccess; DisableInvite leaves adding to the owner; NeedPermission is stored', async () => {
    const c = await open();
    const work = await c.create('amy', { name: 'w', memberList: [{ userID: 'bob' }] });
    expect(work.inviteOption).toBe('FreeAccess');
    const add = (as: string, userID: string) =>
      c.call(as, 'POST', path(R.members, work.groupID), { userIDList: [userID] });
    const setOption = (as: string, groupID: string, inviteOption: string) =>
      c.call(as, 'PATCH', path(R.group, groupID), { inviteOption });
    expect(((await setOption('amy', work.groupID, 'NeedPermission')).json.group as Group).inviteOption).toBe(
      'NeedPermission',
    );
    const disabled = await setOption('amy', work.groupID, 'DisableInvite');
    expect((disabled.json.group as Group).inviteOption).toBe('DisableInvite');
    expect((await add('bob', 'cat')).code).toBe(10007);
    expect((await add('amy', 'cat')).json.successUserIDList).toEqual(['cat']);
    const pub = await c.create('amy', { name: 'p', type: 'Public' });
    expect(pub.inviteOption).toBe('DisableInvite');
    expect((await setOption('amy', pub.groupID, 'FreeAccess')).code).toBe(10007);
    expect((await c.call('amy', 'PATCH', path(R.group, pub.groupID), { inviteOption: 'Sometimes' })).code).toBe(60003);
    await c.close();
  });

  it('GRP21 lastSendMsgTime is the time of the member’s last stored message, 0 before the first', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', type: 'Public', memberList: [{ userID: 'bob' }] });
    const sent = await c.say('bob', g.groupID);
    const time = (sent.json.message as { time: number }).time;
    // A typing signal is not stored and does not count.
    await c.say('amy', g.groupID, { onlineUserOnly: true });
    const members = (await c.call('amy', 'POST', path(R.memberProfiles, g.groupID), { userIDList: ['amy', 'bob'] }))
      .json.memberList as GroupMember[];
    expect(Object.fromEntries(members.map((m) => [m.userID, m.lastSendMsgTime]))).toEqual({ amy: 0, bob: time });
    expect(time).toBeGreaterThan(0);
    await c.close();
  });
});

describe.each(KINDS)('custom group notices through the admin API (%s)', (kind) => {
  it('GRP22 a custom notice (255) reaches the listed members, or all; strangers, bad text and no admin key are refused', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);
    const g = await c.create('amy', { name: 'g', type: 'Public', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const notice = async (body: unknown, headers: Record<string, string> = adminHeaders) => {
      const res = await c.app.inject({
        method: 'POST',
        url: path(R.adminNotice, g.groupID),
        headers,
        payload: body as object,
      });
      return { status: res.statusCode, json: res.json() as Record<string, unknown> };
    };
    const custom = async (u: string) =>
      (await c.system(u)).filter((m) => m.payload.operationType === 255).map((m) => m.payload.userDefinedField);
    expect((await notice({ content: '明天停电' })).json).toEqual({
      groupID: g.groupID,
      userIDList: ['amy', 'bob', 'cat'],
    });
    expect((await notice({ content: 'only bob', toMembers: ['bob'] })).json.userIDList).toEqual(['bob']);
    expect(await custom('amy')).toEqual(['明天停电']);
    expect(await custom('bob')).toEqual(['明天停电', 'only bob']);
    expect(await custom('dan')).toEqual([]);
    const stranger = await notice({ content: 'x', toMembers: ['bob', 'dan'] });
    expect([stranger.status, stranger.json.code]).toEqual([404, 2623]);
    expect(await custom('bob')).toEqual(['明天停电', 'only bob']);
    expect((await notice({ content: '' })).status).toBe(400);
    // 342 Chinese characters are 1,026 bytes: over the 1,024-byte limit.
    expect((await notice({ content: '中'.repeat(342) })).json.code).toBe(10004);
    expect((await notice({ content: 'x' }, {})).status).toBe(401);
    const missing = await c.app.inject({
      method: 'POST',
      url: path(R.adminNotice, 'nope'),
      headers: adminHeaders,
      payload: { content: 'x' },
    });
    expect(missing.json().code).toBe(10010);
    await c.close();
  });
});
