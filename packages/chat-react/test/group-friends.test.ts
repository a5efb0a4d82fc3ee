import { describe, expect, it } from 'vitest';
import { FriendChoices } from '../src/group/friend-choices.ts';
import { chosenMembers } from '../src/group/new-group-dialog.tsx';
import { flush } from './fake-chat.ts';

const friend = (userID: string, nick = '', remark = '') => ({ userID, remark, profile: { userID, nick, avatar: '' } });

function contacts(list: unknown[] | Error) {
  return {
    getFriendList: () => (list instanceof Error ? Promise.reject(list) : Promise.resolve({ code: 0, data: list })),
    getFriendApplicationList: () => Promise.resolve({ code: 0, data: { friendApplicationList: [], unreadCount: 0 } }),
    getUserStatus: () => Promise.resolve({ code: 0, data: { successUserList: [] } }),
    subscribeUserStatus: () => Promise.resolve({}),
  };
}

describe('new group dialog members (decision 0012)', () => {
  it('KGRP12 friends are offered by remark, then nick, then ID, once each and never the user', async () => {
    const choices = new FriendChoices(
      contacts([friend('ann', 'Ann', 'Boss Ann'), friend('bob', 'Bob'), friend('cat'), friend('me'), friend('bob')]),
    );
    choices.load('me');
    expect(choices.getSnapshot().status).toBe('loading');
    await flush();
    expect(choices.getSnapshot()).toEqual({
      status: 'ready',
      friends: [
        { userID: 'ann', name: 'Boss Ann', avatar: '' },
        { userID: 'bob', name: 'Bob', avatar: '' },
        { userID: 'cat', name: 'cat', avatar: '' },
      ],
    });
  });

  it('KGRP12 no relationship module or a failed list leaves the user-ID field alone', async () => {
    const none = new FriendChoices({});
    none.load('me');
    expect(none.getSnapshot().status).toBe('none');
    const failing = new FriendChoices(contacts(new Error('down')));
    failing.load('me');
    await flush();
    expect(failing.getSnapshot()).toEqual({ status: 'error', friends: [] });
  });

  it('KGRP12 the members are the ticked friends and the typed IDs, each once, without the user', () => {
    expect(chosenMembers(new Set(['ann', 'bob']), 'bob, dan，me  eve', 'me')).toEqual(['ann', 'bob', 'dan', 'eve']);
    expect(chosenMembers(new Set(), '', 'me')).toEqual([]);
  });
});
