import { describe, expect, it, afterEach } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { C, isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';
import { friendPath } from '@parley/protocol';

afterEach(cleanupApps);

const add = { source: 'AddSource_Type_Web' };

describe.each(KINDS)('friends on %s', (kind) => {
  it('CNT3 allowType: AllowAny adds both ways at once, NeedConfirm asks (30539), DenyAny refuses (30516)', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan']);
    expect((await c.call('amy', 'POST', C.friends, { to: 'bob', ...add })).json).toEqual({
      userID: 'bob',
      code: 0,
      message: '',
    });
    expect(await c.friends('amy')).toEqual(['bob']);
    expect(await c.friends('bob')).toEqual(['amy']);

    await c.call('cat', 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_NeedConfirm' });
    const asked = await c.call('amy', 'POST', C.friends, { to: 'cat', ...add, wording: 'hi, amy here' });
    expect(asked.json).toMatchObject({ userID: 'cat', code: 30539 });
    expect(await c.friends('amy')).toEqual(['bob']);
    const incoming = await c.applications('cat');
    expect(incoming.unreadCount).toBe(1);
    expect(incoming.friendApplicationList).toEqual([
      expect.objectContaining({
        userID: 'amy',
        nick: 'amy-nick',
        wording: 'hi, amy here',
        type: 'Pendency_Type_ComeIn',
      }),
    ]);
    expect((await c.applications('amy')).friendApplicationList).toEqual([
      expect.objectContaining({ userID: 'cat', type: 'Pendency_Type_SendOut' }),
    ]);
    expect((await c.applications('amy')).unreadCount).toBe(0);

    await c.call('dan', 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_DenyAny' });
    const denied = await c.call('amy', 'POST', C.friends, { to: 'dan', ...add });
    expect([denied.status, denied.code]).toEqual([403, 30516]);
    expect((await c.applications('dan')).friendApplicationList).toEqual([]);
  });

  it('CNT4 accept makes both friends and clears the request; refuse removes it; both need a request sent to me (30614)', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    for (const u of ['bob', 'cat'])
      await c.call(u, 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_NeedConfirm' });
    await c.call('amy', 'POST', C.friends, { to: 'bob', ...add, remark: 'Bobby' });
    await c.call('amy', 'POST', C.friends, { to: 'cat', ...add });
    // amy cannot answer her own request, nor can anyone answer one never sent.
    expect((await c.call('amy', 'POST', C.acceptApplication, { userID: 'bob' })).code).toBe(30614);
    expect((await c.call('cat', 'POST', C.acceptApplication, { userID: 'bob' })).code).toBe(30614);
    expect((await c.call('cat', 'POST', C.refuseApplication, { userID: 'bob' })).code).toBe(30614);

    expect((await c.call('bob', 'POST', C.acceptApplication, { userID: 'amy', remark: 'Amy from work' })).status).toBe(
      200,
    );
    const amyList = (await c.call('amy', 'GET', C.friends)).json.friendList as { userID: string; remark: string }[];
    expect(amyList).toEqual([expect.objectContaining({ userID: 'bob', remark: 'Bobby' })]);
    const bobList = (await c.call('bob', 'GET', C.friends)).json.friendList as {
      userID: string;
      remark: string;
      profile: { nick: string };
    }[];
    expect(bobList).toEqual([
      expect.objectContaining({
        userID: 'amy',
        remark: 'Amy from work',
        profile: expect.objectContaining({ nick: 'amy-nick' }),
      }),
    ]);
    expect((await c.applications('bob')).friendApplicationList).toEqual([]);

    expect((await c.call('cat', 'POST', C.refuseApplication, { userID: 'amy' })).status).toBe(200);
    expect((await c.applications('amy')).friendApplicationList).toEqual([]);
    expect(await c.friends('cat')).toEqual([]);
    // A second answer to the same request finds nothing.
    expect((await c.call('cat', 'POST', C.acceptApplication, { userID: 'amy' })).code).toBe(30614);
  });

  it('CNT2 bad friend requests: to oneself 30001, to nobody 30003, twice 30539 / 2701, invalid fields 60003; nothing written', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat']);
    await c.call('bob', 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_NeedConfirm' });
    expect((await c.call('amy', 'POST', C.friends, { to: 'amy', ...add })).code).toBe(30001);
    expect((await c.call('amy', 'POST', C.friends, { to: 'ghost', ...add })).code).toBe(30003);
    expect((await c.call('amy', 'POST', C.friends, { to: 'bob', ...add })).json.code).toBe(30539);
    const again = await c.call('amy', 'POST', C.friends, { to: 'bob', ...add });
    expect([again.status, again.code]).toEqual([409, 30539]);
    expect((await c.applications('bob')).friendApplicationList).toHaveLength(1);
    await c.befriend('amy', 'cat');
    expect((await c.call('amy', 'POST', C.friends, { to: 'cat', ...add })).code).toBe(2701);
    for (const body of [
      { to: 'cat' },
      { to: 'cat', source: 'web' },
      { to: 'cat', ...add, wording: 'x'.repeat(300) },
      { to: 'cat', ...add, type: 'Add_Type_Sideways' },
      { to: 'cat', ...add, extra: 1 },
    ]) {
      expect((await c.call('amy', 'POST', C.friends, body)).code).toBe(60003);
    }
    // 256 bytes of Chinese is 86 characters: the schema passes it, the byte rule refuses it.
    expect((await c.call('amy', 'POST', C.friends, { to: 'bob', ...add, wording: '字'.repeat(90) })).code).toBe(30001);
    expect(await c.friends('amy')).toEqual(['cat']);
  });

  it('CNT5 checkFriend both ways and single; CNT6 remark and delete (both, single, not a friend 31704)', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan']);
    await c.befriend('amy', 'bob');
    await c.call('amy', 'POST', C.friends, { to: 'cat', ...add, type: 'Add_Type_Single' });
    await c.call('dan', 'POST', C.friends, { to: 'amy', ...add, type: 'Add_Type_Single' });
    const check = await c.call('amy', 'POST', C.checkFriends, { userIDList: ['bob', 'cat', 'dan', 'ghost'] });
    expect(check.json).toEqual({
      successUserIDList: [
        { userID: 'bob', code: 0, relation: 'CheckResult_Type_BothWay' },
        { userID: 'cat', code: 0, relation: 'CheckResult_Type_AWithB' },
        { userID: 'dan', code: 0, relation: 'CheckResult_Type_BWithA' },
      ],
      failureUserIDList: [{ userID: 'ghost', code: 30003, message: 'The user does not exist' }],
    });
    const single = await c.call('amy', 'POST', C.checkFriends, {
      userIDList: ['dan'],
      type: 'CheckResult_Type_Single',
    });
    expect((single.json.successUserIDList as { relation: string }[])[0]?.relation).toBe('CheckResult_Type_NoRelation');

    const remark = await c.call('amy', 'PATCH', friendPath('bob'), { remark: 'B.' });
    expect(remark.json).toMatchObject({ userID: 'bob', remark: 'B.' });
    expect((await c.call('amy', 'PATCH', friendPath('dan'), { remark: 'D.' })).code).toBe(2700);

    const del = await c.call('amy', 'POST', C.deleteFriends, { userIDList: ['bob', 'dan'] });
    expect(del.json).toEqual({
      successUserIDList: [{ userID: 'bob', code: 0 }],
      failureUserIDList: [{ userID: 'dan', code: 31704, message: 'The user is not a friend' }],
    });
    expect(await c.friends('bob')).toEqual([]);
    await c.befriend('amy', 'bob');
    await c.call('amy', 'POST', C.deleteFriends, { userIDList: ['bob'], type: 'Delete_Type_Single' });
    expect([await c.friends('amy'), await c.friends('bob')]).toEqual([['cat'], ['amy']]);
  });

  it('CNT4 friend and application events reach both users after the commit', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob']);
    await c.call('bob', 'PATCH', '/api/v1/profile', { allowType: 'AllowType_Type_NeedConfirm' });
    const amy = await c.connect('amy');
    const bob = await c.connect('bob');
    await c.call('amy', 'POST', C.friends, { to: 'bob', ...add });
    await bob.next(isEvent('friend.application-changed'));
    await amy.next(isEvent('friend.application-changed'));
    await c.call('bob', 'POST', C.acceptApplication, { userID: 'amy' });
    await amy.next(isEvent('friend.changed'));
    await bob.next(isEvent('friend.changed'));
    // A refused change publishes nothing: a second accept fails and no second friend.changed follows a sentinel.
    await c.call('bob', 'POST', C.acceptApplication, { userID: 'amy' });
    await c.call('amy', 'POST', C.readApplications, {});
    await c.call('amy', 'PATCH', '/api/v1/profile', { nick: 'sentinel' });
    await amy.next(isEvent('profile.updated'));
    expect(amy.frames.filter((f) => isEvent('friend.changed')(f as Record<string, unknown>))).toHaveLength(1);
  });
});
