import type { FriendGroup } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { C, isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

describe.each(KINDS)('friend groups on %s (reference §7)', (kind) => {
  const setup = async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan']);
    await c.befriend('amy', 'bob');
    await c.befriend('amy', 'cat');
    const list = async (as = 'amy') =>
      ((await c.call(as, 'GET', C.friendGroups)).json.friendGroupList as FriendGroup[]).map((g) => [
        g.name,
        g.userIDList,
        g.count,
      ]);
    return { c, list };
  };

  it('CNT15 CNT16 a group holds only my friends; others come back in failureUserIDList; names are unique and bounded', async () => {
    const { c, list } = await setup();
    const made = await c.call('amy', 'POST', C.friendGroups, { name: '同事', userIDList: ['bob', 'dan', 'nobody'] });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      friendGroup: { name: '同事', userIDList: ['bob'], count: 1 },
      failureUserIDList: ['dan', 'nobody'],
    });
    expect((await c.call('amy', 'POST', C.friendGroups, { name: '同事' })).json.code).toBe(30001);
    expect((await c.call('amy', 'POST', C.friendGroups, { name: '' })).status).toBe(400);
    expect((await c.call('amy', 'POST', C.friendGroups, { name: 'a\nb' })).status).toBe(400);
    // 22 CJK characters are 66 bytes: over the 64-byte limit although under 64 characters.
    expect((await c.call('amy', 'POST', C.friendGroups, { name: '字'.repeat(22) })).json.code).toBe(30001);
    expect((await c.call('amy', 'POST', C.friendGroups, { name: '刷单返利群' })).json.code).toBe(80001);
    expect(await list()).toEqual([['同事', ['bob'], 1]]);
    // Groups are per user: bob sees none of amy's.
    expect(await list('bob')).toEqual([]);
    // The Friend's groupList names its groups (reference §12.6).
    const friends = (await c.call('amy', 'GET', C.friends)).json.friendList as {
      userID: string;
      groupList: string[];
    }[];
    expect(friends.map((f) => [f.userID, f.groupList])).toEqual([
      ['bob', ['同事']],
      ['cat', []],
    ]);
    await c.close();
  });

  it('CNT16 at most 32 groups per user (30010)', async () => {
    const { c } = await setup();
    for (let i = 0; i < 32; i += 1)
      expect((await c.call('amy', 'POST', C.friendGroups, { name: `g${i}` })).status).toBe(200);
    expect((await c.call('amy', 'POST', C.friendGroups, { name: 'one more' })).json.code).toBe(30010);
    await c.close();
  });

  it('CNT17 CNT18 CNT19 add, remove, rename and delete; a deleted friend leaves every group; each change is pushed', async () => {
    const { c, list } = await setup();
    const socket = await c.connect('amy');
    await c.call('amy', 'POST', C.friendGroups, { name: 'team' });
    await socket.next(isEvent('friend.groups-changed'));
    const added = await c.call('amy', 'POST', C.addToFriendGroup, { name: 'team', userIDList: ['cat', 'bob', 'dan'] });
    expect(added.json).toMatchObject({
      friendGroup: { userIDList: ['bob', 'cat'], count: 2 },
      failureUserIDList: ['dan'],
    });
    await socket.next(isEvent('friend.groups-changed'));
    const removed = await c.call('amy', 'POST', C.removeFromFriendGroup, { name: 'team', userIDList: ['cat', 'dan'] });
    expect(removed.json).toMatchObject({ friendGroup: { userIDList: ['bob'] }, failureUserIDList: ['dan'] });
    expect((await c.call('amy', 'POST', C.renameFriendGroup, { oldName: 'team', newName: '团队' })).json).toMatchObject(
      {
        friendGroup: { name: '团队', userIDList: ['bob'] },
      },
    );
    expect(await list()).toEqual([['团队', ['bob'], 1]]);
    expect((await c.call('amy', 'POST', C.renameFriendGroup, { oldName: 'team', newName: 'x' })).json.code).toBe(30001);
    expect((await c.call('amy', 'POST', C.addToFriendGroup, { name: 'none', userIDList: ['bob'] })).json.code).toBe(
      30001,
    );
    // Unfriending takes bob out of amy's groups; the group stays.
    await c.call('amy', 'POST', C.deleteFriends, { userIDList: ['bob'] });
    expect(await list()).toEqual([['团队', [], 0]]);
    const gone = await c.call('amy', 'POST', C.deleteFriendGroup, { name: '团队' });
    expect(gone.json).toMatchObject({ friendGroup: { name: '团队' } });
    expect(await list()).toEqual([]);
    expect(await c.friends('amy')).toEqual(['cat']);
    socket.ws.close();
    await c.close();
  });
});
