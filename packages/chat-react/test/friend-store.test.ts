import { describe, expect, it } from 'vitest';
import type { ChatFriend } from '../src/contacts/contact-port.ts';
import { contactPortOf } from '../src/contacts/contact-port.ts';
import { type FriendReadPort, FriendStore } from '../src/contacts/friend-store.ts';
import { EVENT } from '../src/provider/chat-port.ts';
import { FakeChat } from './fake-chat.ts';

const friend = (userID: string): ChatFriend => ({
  userID,
  remark: '',
  profile: { userID, nick: `${userID}-nick`, avatar: '' },
});
const settle = () => new Promise((r) => setTimeout(r, 0));

function port(friends: string[]) {
  const calls: string[] = [];
  const p: FriendReadPort = {
    getFriendList: async () => ({ code: 0, data: friends.map(friend) }),
    getFriendApplicationList: async () => ({ code: 0, data: { friendApplicationList: [], unreadCount: 0 } }),
    getUserStatus: async ({ userIDList }) => {
      calls.push(`status:${userIDList.join(',')}`);
      return {
        code: 0,
        data: {
          successUserList: userIDList.map((userID) => ({
            userID,
            statusType: userID === 'bob' ? 1 : 2,
            customStatus: '',
          })),
        },
      };
    },
    subscribeUserStatus: async ({ userIDList }) => {
      calls.push(`subscribe:${userIDList.join(',')}`);
      return {};
    },
  };
  return { p, calls };
}

describe('friend store', () => {
  it('KCNT10 friends load at ready; with online display on, they are subscribed and their status read once', async () => {
    const chat = new FakeChat();
    const { p, calls } = port(['bob', 'cat']);
    const store = new FriendStore(p, true);
    store.attach(chat);
    await settle();
    await settle();
    expect(store.getSnapshot().friends.map((f) => f.userID)).toEqual(['bob', 'cat']);
    expect(calls).toEqual(['subscribe:bob,cat', 'status:bob,cat']);
    expect([...store.getSnapshot().online]).toEqual([
      ['bob', true],
      ['cat', false],
    ]);
    chat.emit(EVENT.USER_STATUS_UPDATED, [{ userID: 'cat', statusType: 1, customStatus: '' }]);
    expect(store.getSnapshot().online.get('cat')).toBe(true);
    // A new friend is subscribed to alone; the old ones are not asked again.
    chat.emit(EVENT.FRIEND_LIST_UPDATED, ['bob', 'cat', 'dan'].map(friend));
    await settle();
    expect(calls.slice(2)).toEqual(['subscribe:dan', 'status:dan']);
  });

  it('KCNT10 with online display off, or no friends, no status call is made', async () => {
    for (const [friends, show] of [
      [['bob'], false],
      [[], true],
    ] as const) {
      const chat = new FakeChat();
      const { p, calls } = port([...friends]);
      new FriendStore(p, show).attach(chat);
      await settle();
      await settle();
      expect(calls).toEqual([]);
    }
    expect(contactPortOf({})).toBeNull();
  });
});
