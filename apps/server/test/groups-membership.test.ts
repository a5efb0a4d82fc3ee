import type { Group, GroupMember, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat, path, R } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const tips = (list: WireMessage[]) =>
  list.filter((m) => m.type === 'TIMGroupTipElem').map((m) => [m.payload.operationType, m.payload.userIDList]);
const notices = (list: WireMessage[]) => list.map((m) => m.payload.operationType);

describe.each(KINDS)('group membership (%s)', (kind) => {
  const open = () => makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);

  it('GRP4 create: generated @TGS# IDs, a chosen ID once, Work invite only, nothing half-created', async () => {
    const c = await open();
    const g = await c.create('amy', { name: '工作群', memberList: [{ userID: 'bob' }] });
    expect(g.groupID).toMatch(/^@TGS#/);
    expect(g).toMatchObject({ type: 'Private', ownerID: 'amy', memberCount: 2, joinOption: 'DisableApply' });
    expect((await c.call('amy', 'POST', R.groups, { name: 'x', groupID: 'fixed' })).code).toBe(0);
    expect((await c.call('bob', 'POST', R.groups, { name: 'y', groupID: 'fixed' })).code).toBe(10021);
    expect((await c.call('amy', 'POST', R.groups, { name: 'w', joinOption: 'FreeAccess' })).code).toBe(10004);
    expect((await c.call('amy', 'POST', R.groups, { name: 'z', groupID: '@TGS#mine' })).code).toBe(10004);
    // 11 Chinese characters are 33 bytes: over the 30-byte name limit.
    expect((await c.call('amy', 'POST', R.groups, { name: '一二三四五六七八九十一' })).code).toBe(10004);
    const ghost = await c.call('amy', 'POST', R.groups, {
      name: 'g',
      groupID: 'half',
      memberList: [{ userID: 'ghost' }],
    });
    expect([ghost.code, ghost.json.message]).toEqual([10019, 'The user does not exist']);
    expect((await c.call('amy', 'GET', path(R.group, 'half'))).json).toMatchObject({
      code: 10010,
      message: 'The group does not exist',
    });
    expect(notices(await c.system('amy'))).toEqual([6, 6]);
    expect(notices(await c.system('bob'))).toEqual([7]);
    await c.close();
  });

  it('GRP7 joining: free access at once with a tip; twice is AlreadyInGroup; an application reaches owner and admins', async () => {
    const c = await open();
    const free = await c.create('amy', { name: 'free', type: 'Public', joinOption: 'FreeAccess' });
    expect((await c.call('bob', 'POST', path(R.join, free.groupID), {})).json.status).toBe('JoinedSuccess');
    expect((await c.call('bob', 'POST', path(R.join, free.groupID), {})).json.status).toBe('AlreadyInGroup');
    expect(tips(await c.groupHistory('amy', free.groupID))).toEqual([[1, ['bob']]]);
    const gated = await c.create('amy', {
      name: 'gated',
      type: 'Public',
      memberList: [{ userID: 'bob', role: 'Admin' }],
    });
    expect((await c.call('cat', 'POST', path(R.join, gated.groupID), {})).json).toEqual({
      status: 'WaitAdminApproval',
    });
    for (const manager of ['amy', 'bob']) {
      const request = (await c.system(manager)).find((m) => m.payload.operationType === 1);
      expect(request?.payload).toMatchObject({ applicant: 'cat', applyMessage: 'join group' });
      const list = (await c.call(manager, 'GET', R.applications)).json.applicationList as { applicant: string }[];
      expect(list.map((a) => a.applicant)).toEqual(['cat']);
    }
    expect((await c.call('cat', 'GET', path(R.members, gated.groupID))).code).toBe(10007);
    const disabled = await c.create('amy', { name: 'closed', type: 'Public', joinOption: 'DisableApply' });
    expect((await c.call('cat', 'POST', path(R.join, disabled.groupID), {})).code).toBe(10007);
    await c.close();
  });

  it('GRP7 an application is answered once: the second answer, even at the same moment, is 10024', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', type: 'ChatRoom', memberList: [{ userID: 'bob', role: 'Admin' }] });
    await c.call('cat', 'POST', path(R.join, g.groupID), { applyMessage: 'please' });
    const answer = (as: string) =>
      c.call(as, 'POST', path(R.handleApplication, g.groupID), { applicant: 'cat', handleAction: 'Agree' });
    const both = await Promise.all([answer('amy'), answer('bob')]);
    expect(both.map((a) => a.code).sort()).toEqual([0, 10024]);
    expect((await answer('amy')).code).toBe(10024);
    const profile = (await c.call('cat', 'GET', path(R.group, g.groupID))).json.group as Group;
    expect([profile.memberCount, profile.selfInfo.role]).toEqual([3, 'Member']);
    expect(notices(await c.system('cat'))).toEqual([2]);
    expect((await c.call('bob', 'GET', R.applications)).json.applicationList).toEqual([]);
    expect(tips(await c.groupHistory('cat', g.groupID))).toEqual([[1, ['cat']]]);
    // KGRP16: the approved applicant joined; the tip's operator is the applicant, so no client reads an invitation.
    const [joined] = (await c.groupHistory('cat', g.groupID)).filter((m) => m.type === 'TIMGroupTipElem');
    expect(joined?.payload).toMatchObject({ operatorID: 'cat', operatorInfo: { userID: 'cat' } });
    await c.call('dan', 'POST', path(R.join, g.groupID), {});
    await c.call('bob', 'POST', path(R.handleApplication, g.groupID), {
      applicant: 'dan',
      handleAction: 'Reject',
      handleMessage: 'no',
    });
    expect((await c.system('dan')).map((m) => [m.payload.operationType, m.payload.handleMessage])).toEqual([[3, 'no']]);
    expect((await c.call('dan', 'GET', path(R.members, g.groupID))).code).toBe(10007);
    await c.close();
  });

  it('GRP5 quit and dismiss: the owner transfers or dismisses; a dismissed group answers 10010 to everything', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'g', type: 'Public', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    expect((await c.call('amy', 'POST', path(R.quit, g.groupID))).code).toBe(10009);
    expect((await c.call('cat', 'POST', path(R.quit, g.groupID))).code).toBe(0);
    expect(tips(await c.groupHistory('bob', g.groupID))).toEqual([[2, ['cat']]]);
    expect((await c.say('cat', g.groupID)).code).toBe(10007);
    await c.say('bob', g.groupID, { payload: { text: 'after cat left' } });
    expect(await c.groupHistory('cat', g.groupID)).toEqual([]);
    expect(notices(await c.system('cat'))).toEqual([7, 8]);
    expect((await c.call('amy', 'DELETE', path(R.group, g.groupID))).code).toBe(0);
    expect(notices(await c.system('bob'))).toEqual([7, 5]);
    for (const [method, url] of [
      ['GET', path(R.group, g.groupID)],
      ['POST', path(R.join, g.groupID)],
      ['DELETE', path(R.group, g.groupID)],
    ] as const) {
      const res = await c.call('bob', method, url, method === 'POST' ? {} : undefined);
      expect([res.code, res.json.message]).toEqual([10010, 'The group was dismissed']);
    }
    expect((await c.say('bob', g.groupID)).code).toBe(10010);
    expect((await c.call('bob', 'GET', R.groups)).json.groupList).toEqual([]);
    await c.close();
  });

  it('GRP5 a Work group owner may quit: the longest-standing member becomes owner', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'w', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    expect((await c.call('amy', 'POST', path(R.quit, g.groupID))).code).toBe(0);
    const after = (await c.call('bob', 'GET', path(R.group, g.groupID))).json.group as Group;
    expect([after.ownerID, after.memberCount]).toEqual(['bob', 2]);
    await c.close();
  });

  it('GRP7 removing members: 2623 not in the group, 10019 no such user, and one bad target removes nobody', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'w', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const del = (ids: string[]) => c.call('amy', 'POST', path(R.deleteMembers, g.groupID), { userIDList: ids });
    expect((await del(['bob', 'dan'])).json).toMatchObject({ code: 2623, message: 'The user is not in the group' });
    expect((await del(['bob', 'ghost'])).json).toMatchObject({ code: 10019, message: 'The user does not exist' });
    expect((await c.call('amy', 'GET', path(R.group, g.groupID))).json.group).toMatchObject({ memberCount: 3 });
    expect((await del(['bob'])).code).toBe(0);
    expect(notices(await c.system('bob'))).toEqual([7, 4]);
    expect(tips(await c.groupHistory('cat', g.groupID))).toEqual([[3, ['bob']]]);
    const added = await c.call('cat', 'POST', path(R.members, g.groupID), { userIDList: ['dan', 'cat'] });
    expect(added.json).toMatchObject({ successUserIDList: ['dan'], existedUserIDList: ['cat'] });
    expect((await c.call('cat', 'POST', path(R.members, g.groupID), { userIDList: ['ghost'] })).code).toBe(10019);
    expect((await c.call('amy', 'GET', path(R.group, 'nope'))).json).toMatchObject({
      code: 10010,
      message: 'The group does not exist',
    });
    await c.close();
  });

  it('GRP7 roles, owner transfer, name cards and the member list paged by offset', async () => {
    const c = await open();
    const g = await c.create('amy', { name: 'p', type: 'Public', memberList: [{ userID: 'bob' }, { userID: 'cat' }] });
    const id = g.groupID;
    expect((await c.call('amy', 'POST', path(R.owner, id), { newOwnerID: 'amy' })).code).toBe(2621);
    expect((await c.call('amy', 'POST', path(R.owner, id), { newOwnerID: 'dan' })).code).toBe(2623);
    expect((await c.call('amy', 'PUT', path(R.role, id, { userID: 'amy' }), { role: 'Admin' })).code).toBe(2684);
    expect(
      (await c.call('amy', 'PUT', path(R.role, id, { userID: 'bob' }), { role: 'Admin' })).json.member,
    ).toMatchObject({ role: 'Admin' });
    expect((await c.call('amy', 'PUT', path(R.role, id, { userID: 'bob' }), { role: 'Member' })).code).toBe(0);
    expect((await c.call('amy', 'PUT', path(R.role, id, { userID: 'bob' }), { role: 'Owner' })).status).toBe(400);
    expect((await c.call('amy', 'POST', path(R.owner, id), { newOwnerID: 'cat' })).json.group).toMatchObject({
      ownerID: 'cat',
    });
    expect(tips(await c.groupHistory('bob', id)).map((t) => t[0])).toEqual([4, 5, 6]);
    expect(notices(await c.system('bob'))).toEqual([7, 9, 10]);
    expect((await c.call('amy', 'PUT', path(R.nameCard, id, { userID: 'amy' }), { nameCard: 'A' })).code).toBe(0);
    expect((await c.call('amy', 'PUT', path(R.nameCard, id, { userID: 'bob' }), { nameCard: 'B' })).code).toBe(10007);
    const page1 = (await c.call('bob', 'GET', `${path(R.members, id)}?count=2`)).json;
    const page2 = (await c.call('bob', 'GET', `${path(R.members, id)}?count=2&offset=${page1.offset}`)).json;
    const all = [...(page1.memberList as GroupMember[]), ...(page2.memberList as GroupMember[])];
    expect([page1.offset, page2.offset, all.map((m) => m.userID).sort()]).toEqual([2, 0, ['amy', 'bob', 'cat']]);
    expect(all.find((m) => m.userID === 'amy')).toMatchObject({ nameCard: 'A', role: 'Member', nick: 'amy-nick' });
    expect((await c.call('bob', 'GET', `${path(R.members, id)}?count=101`)).status).toBe(400);
    await c.close();
  });
});
