import TencentCloudChat, { type Conversation } from '@parley/chat';
import type { Friend, FriendApplicationList, Profile, UserStatus } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { loggedIn, newClient, sendText } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';

const { EVENT, TYPES } = TencentCloudChat;
const source = 'AddSource_Type_Web';

describe.each(BACKENDS)('SDK contacts against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SCNT1 a friend request with confirmation: both sides see the request, then each other, without reload', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    await bob.chat.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_NEED_CONFIRM });
    const asked = await amy.chat.addFriend({ to: b, source, wording: 'Hi, Amy here', type: TYPES.SNS_ADD_TYPE_BOTH });
    expect(asked).toEqual({ code: 0, data: { userID: b, code: 30539, message: 'Waiting for approval' } });
    const incoming = await bob.waitFor<FriendApplicationList>(
      EVENT.FRIEND_APPLICATION_LIST_UPDATED,
      (l) => l.unreadCount === 1,
    );
    expect(incoming.friendApplicationList).toEqual([
      expect.objectContaining({
        userID: a,
        nick: `${a}-nick`,
        wording: 'Hi, Amy here',
        type: TYPES.SNS_APPLICATION_SENT_TO_ME,
      }),
    ]);
    await bob.chat.setFriendApplicationRead();
    expect((await bob.chat.getFriendApplicationList()).data.unreadCount).toBe(0);
    await bob.chat.acceptFriendApplication({ userID: a, type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
    for (const [me, other] of [
      [amy, b],
      [bob, a],
    ] as const) {
      const list = await me.waitFor<Friend[]>(EVENT.FRIEND_LIST_UPDATED, (l) => l.some((f) => f.userID === other));
      expect(list[0]).toMatchObject({ userID: other, profile: { userID: other, nick: `${other}-nick` } });
    }
    const check = await amy.chat.checkFriend({ userIDList: [b], type: TYPES.SNS_CHECK_TYPE_BOTH });
    expect(check.data.successUserIDList).toEqual([{ userID: b, code: 0, relation: TYPES.SNS_TYPE_BOTH_WAY }]);
    await amy.chat.updateFriend({ userID: b, remark: 'Bobby' });
    expect((await amy.chat.getFriendList()).data.map((f) => f.remark)).toEqual(['Bobby']);
    await amy.chat.deleteFriend({ userIDList: [b] });
    await bob.waitFor<Friend[]>(EVENT.FRIEND_LIST_UPDATED, (l) => l.length === 0);
  });

  it('SCNT6 friend groups: made, filled, renamed and deleted on one device, FRIEND_GROUP_LIST_UPDATED on the other', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const [amy, amy2] = await Promise.all([loggedIn(server, a), loggedIn(server, a)]);
    await amy.chat.addFriend({ to: b, source });
    await amy.chat.addFriend({ to: c, source });
    // The other device reads the (empty) list first: from then on it is kept up to date.
    expect((await amy2.chat.getFriendGroupList()).data).toEqual([]);
    const made = await amy.chat.createFriendGroup({ name: '同事', userIDList: [b, 'nobody'] });
    expect(made.data).toEqual({
      friendGroup: { name: '同事', userIDList: [b], count: 1 },
      failureUserIDList: ['nobody'],
    });
    await amy2.waitFor<{ name: string }[]>(EVENT.FRIEND_GROUP_LIST_UPDATED, (l) => l.some((g) => g.name === '同事'));
    await amy.chat.addToFriendGroup({ name: '同事', userIDList: [c] });
    await amy.chat.renameFriendGroup({ oldName: '同事', newName: 'Team' });
    const renamed = await amy2.waitFor<{ name: string; userIDList: string[] }[]>(EVENT.FRIEND_GROUP_LIST_UPDATED, (l) =>
      l.some((g) => g.name === 'Team'),
    );
    expect(renamed).toEqual([{ name: 'Team', userIDList: [b, c].sort(), count: 2 }]);
    expect((await amy.chat.getFriendList()).data.map((f) => f.groupList)).toEqual([['Team'], ['Team']]);
    await amy.chat.removeFromFriendGroup({ name: 'Team', userIDList: [b] });
    await expect(amy.chat.addToFriendGroup({ name: 'none', userIDList: [b] })).rejects.toMatchObject({ code: 30001 });
    await amy.chat.deleteFriendGroup({ name: 'Team' });
    await amy2.waitFor<unknown[]>(EVENT.FRIEND_GROUP_LIST_UPDATED, (l) => l.length === 0);
    expect(() => amy.chat.createFriendGroup({ name: '' })).toThrow();
  });

  it('SCNT2 a profile change reaches a friend as PROFILE_UPDATED, in the friend list and in the conversation', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    await amy.chat.addFriend({ to: b, source });
    await bob.waitFor<Friend[]>(EVENT.FRIEND_LIST_UPDATED, (l) => l.length === 1);
    await sendText(amy, b, 'hello');
    await bob.waitFor<Conversation[]>(EVENT.CONVERSATION_LIST_UPDATED, (l) =>
      l.some((c) => c.conversationID === `C2C${a}`),
    );
    await amy.chat.updateMyProfile({ nick: 'Amy Li', selfSignature: 'hiring' });
    const pushed = await bob.waitFor<Profile[]>(EVENT.PROFILE_UPDATED, (ps) => ps.some((p) => p.nick === 'Amy Li'));
    expect(pushed[0]).toMatchObject({ userID: a, selfSignature: 'hiring' });
    await bob.waitFor<Friend[]>(EVENT.FRIEND_LIST_UPDATED, (l) => l[0]?.profile.nick === 'Amy Li');
    const conversation = await bob.chat.getConversationProfile(`C2C${a}`);
    expect(conversation.data.conversation.userProfile.nick).toBe('Amy Li');
  });

  it('SCNT3 user status: online and offline reach a subscriber; empty lists are skipped; own status answered locally', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const requests: string[] = [];
    const counting = ((url: string, init?: RequestInit) => {
      requests.push(String(url));
      return fetch(url, init);
    }) as typeof fetch;
    const bob = await loggedIn(server, b, { fetch: counting });
    const before = requests.length;
    expect(await bob.chat.getUserStatus({ userIDList: [] })).toEqual({
      code: 0,
      data: { successUserList: [], failureUserList: [] },
    });
    expect(await bob.chat.subscribeUserStatus({ userIDList: [] })).toEqual({ code: 0, data: { failureUserList: [] } });
    expect(await bob.chat.unsubscribeUserStatus({ userIDList: [] })).toEqual({
      code: 0,
      data: { failureUserList: [] },
    });
    expect((await bob.chat.getUserStatus({ userIDList: [b] })).data.successUserList).toEqual([
      { userID: b, statusType: TYPES.USER_STATUS_ONLINE, customStatus: '' },
    ]);
    expect(requests.length).toBe(before);
    expect(() =>
      bob.chat.subscribeUserStatus({ userIDList: Array.from({ length: 100_000 }, (_, i) => `u${i}`) }),
    ).toThrow('Params validate failed.');

    await bob.chat.subscribeUserStatus({ userIDList: [a] });
    expect((await bob.chat.getUserStatus({ userIDList: [a] })).data.successUserList[0]?.statusType).toBe(
      TYPES.USER_STATUS_OFFLINE,
    );
    const amy = await loggedIn(server, a);
    await bob.waitFor<UserStatus[]>(EVENT.USER_STATUS_UPDATED, (l) =>
      l.some((s) => s.userID === a && s.statusType === 1),
    );
    await amy.chat.setSelfStatus({ customStatus: 'interviewing' });
    await bob.waitFor<UserStatus[]>(EVENT.USER_STATUS_UPDATED, (l) => l.some((s) => s.customStatus === 'interviewing'));
    await amy.chat.logout();
    await bob.waitFor<UserStatus[]>(EVENT.USER_STATUS_UPDATED, (l) =>
      l.some((s) => s.userID === a && s.statusType === 2),
    );
  });

  it('SCNT4 blocklist: BLACKLIST_UPDATED, the blocked sender gets 20007, blocking oneself 2742', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    expect((await amy.chat.addToBlacklist({ userIDList: [b] })).data).toEqual([b]);
    await amy.waitFor<string[]>(EVENT.BLACKLIST_UPDATED, (l) => l.includes(b));
    await expect(amy.chat.addToBlacklist({ userIDList: [a] })).rejects.toMatchObject({ code: 2742 });
    const message = bob.chat.createTextMessage({ to: a, conversationType: TYPES.CONV_C2C, payload: { text: 'hey' } });
    await expect(bob.chat.sendMessage(message)).rejects.toMatchObject({ code: 20007 });
    expect((await amy.chat.removeFromBlacklist({ userIDList: [b] })).data).toEqual([]);
    expect((await amy.chat.getBlacklist()).data).toEqual([]);
    await sendText(bob, a, 'again');
  });

  it('SCNT5 before SDK_READY every contact method rejects 2999', async () => {
    const client = newClient(server);
    await expect(client.chat.getFriendList()).rejects.toMatchObject({ code: 2999 });
    await expect(client.chat.getUserStatus({ userIDList: ['x'] })).rejects.toMatchObject({ code: 2999 });
    await expect(client.chat.addToBlacklist({ userIDList: ['x'] })).rejects.toMatchObject({ code: 2999 });
  });
});
