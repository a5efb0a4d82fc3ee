import { describe, expect, it, vi } from 'vitest';
import { avatarSource, defaultAvatar } from '../src/avatar/default-avatars.ts';
import { ContactColumnStore } from '../src/contacts/contact-column.ts';
import type { ChatProfile, ContactPort } from '../src/contacts/contact-port.ts';
import { contactErrorKey, friendSearchQuery, groupDetailButtons } from '../src/contacts/contact-rules.ts';
import { ContactsKit } from '../src/contacts/contacts-kit.ts';
import { FriendStore } from '../src/contacts/friend-store.ts';
import { GroupRosterStore } from '../src/contacts/group-roster.ts';
import { EVENT, TYPES } from '../src/provider/chat-port.ts';
import { FakeChat } from './fake-chat.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));
const profile = (userID: string, nick = ''): ChatProfile => ({
  userID,
  nick,
  avatar: '',
  gender: 'Gender_Type_Unknown',
  selfSignature: '',
  birthday: 0,
});

/** A contact port over a FakeChat: the answers the kit reads, and every call by name. */
function contactChat(addCode = 0) {
  const chat = new FakeChat();
  const calls: string[] = [];
  const ok = <T>(name: string, data: T) => {
    calls.push(name);
    return Promise.resolve({ code: 0, data });
  };
  const port: ContactPort = {
    getFriendList: () => ok('getFriendList', []),
    getFriendApplicationList: () => ok('getFriendApplicationList', { friendApplicationList: [], unreadCount: 0 }),
    getUserStatus: ({ userIDList }) => ok(`status:${userIDList.join(',')}`, { successUserList: [] }),
    subscribeUserStatus: ({ userIDList }) => ok(`subscribe:${userIDList.join(',')}`, {}),
    getMyProfile: () => ok('getMyProfile', profile('me', 'Me')),
    getUserProfile: ({ userIDList }) =>
      ok(
        'getUserProfile',
        userIDList.filter((id) => id !== 'ghost').map((id) => profile(id)),
      ),
    updateMyProfile: (edit) => ok('updateMyProfile', { ...profile('me', 'Me'), ...edit }),
    addFriend: ({ to }) =>
      to === 'denier'
        ? Promise.reject(Object.assign(new Error('deny'), { code: 30516 }))
        : ok(`addFriend:${to}`, { code: addCode }),
    acceptFriendApplication: () => ok('accept', {}),
    refuseFriendApplication: () => ok('refuse', {}),
    setFriendApplicationRead: () => ok('read', {}),
    deleteFriend: () => ok('deleteFriend', {}),
    updateFriend: () => ok('updateFriend', {}),
    getBlacklist: () => ok('getBlacklist', ['x']),
    addToBlacklist: ({ userIDList }) => ok('block', userIDList),
    removeFromBlacklist: () => ok('unblock', []),
  };
  Object.assign(chat, port);
  const toast = vi.fn();
  const opened: string[] = [];
  const kit = new ContactsKit({
    chat,
    groupPort: null,
    groups: new GroupRosterStore(null),
    t: (key: string) => key,
    toast,
    openConversation: (id) => opened.push(id),
    openSystem: vi.fn(),
  });
  return { chat, kit, calls, toast, opened };
}

describe('contacts kit', () => {
  it('KCNT11 the kit draws an avatar only from a same-origin path or an http(s) URL; one that failed, the default', () => {
    expect(avatarSource('https://img.example/a.png', 'u')).toBe('https://img.example/a.png');
    expect(avatarSource('http://10.0.0.2/a.png', 'u')).toBe('http://10.0.0.2/a.png');
    expect(avatarSource('/avatars/avatar-2.svg', 'u')).toBe('/avatars/avatar-2.svg');
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '//evil.example/a.png', 'ftp://x/a', ''])
      expect(avatarSource(bad, 'u')).toBe(defaultAvatar('u'));
    // An image that failed to load (dead host, refused by the page's CSP) is not asked for again.
    const remote = 'https://img.example/a.png';
    expect(avatarSource(remote, 'u', remote)).toBe(defaultAvatar('u'));
    expect(avatarSource('https://img.example/b.png', 'u', remote)).toBe('https://img.example/b.png');
    expect(avatarSource('/avatars/avatar-2.svg', 'u', '/avatars/avatar-2.svg')).toBe(defaultAvatar('u'));
  });

  it('KCNT12 watch subscribes each user once, 100 per call; nothing with the display off or no IDs', async () => {
    const calls: string[] = [];
    let show = false;
    const port = {
      getFriendList: async () => ({ code: 0, data: [] }),
      getFriendApplicationList: async () => ({ code: 0, data: { friendApplicationList: [], unreadCount: 0 } }),
      getUserStatus: async ({ userIDList }: { userIDList: string[] }) => {
        calls.push(`status:${userIDList.length}`);
        return {
          code: 0,
          data: { successUserList: userIDList.map((userID) => ({ userID, statusType: 1, customStatus: '' })) },
        };
      },
      subscribeUserStatus: async ({ userIDList }: { userIDList: string[] }) => {
        calls.push(`subscribe:${userIDList.length}`);
        return {};
      },
    };
    const store = new FriendStore(port, () => show);
    store.watch(['a', 'b']);
    expect(calls).toEqual([]);
    show = true;
    store.watch([]);
    store.watch(['', '']);
    expect(calls).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => `u${i}`);
    store.watch([...many, 'u1']);
    store.watch(['u2', 'u3']);
    await settle();
    expect(calls).toEqual(['subscribe:100', 'status:100', 'subscribe:50', 'status:50']);
    expect(store.getSnapshot().online.get('u149')).toBe(true);
  });

  it('KCNT13 group detail buttons: enter for members; the owner dismisses unless it is a work group; others quit', () => {
    const group = (type: string, ownerID: string) => ({ groupID: 'g', name: 'G', type, ownerID });
    expect(groupDetailButtons(group(TYPES.GRP_PUBLIC, 'me'), 'me')).toEqual(['enter', 'dismiss']);
    expect(groupDetailButtons(group(TYPES.GRP_MEETING, 'me'), 'me')).toEqual(['enter', 'dismiss']);
    expect(groupDetailButtons(group(TYPES.GRP_WORK, 'me'), 'me')).toEqual(['enter', 'quit']);
    expect(groupDetailButtons(group(TYPES.GRP_PUBLIC, 'boss'), 'me')).toEqual(['enter', 'quit']);
  });

  it('KCNT14 add friend: the ID is trimmed, empty or oneself asks nothing; pending vs added; refusals get their text', async () => {
    expect(friendSearchQuery('  bob ', 'me')).toBe('bob');
    expect(friendSearchQuery('   ', 'me')).toBeNull();
    expect(friendSearchQuery(' me ', 'me')).toBeNull();
    const pending = contactChat(30539);
    expect(await pending.kit.addFriend('bob', 'hi')).toBe('pending');
    const added = contactChat(0);
    expect(await added.kit.addFriend('bob', 'hi')).toBe('added');
    expect(await added.kit.findUser(' ghost ')).toBeNull();
    expect(await added.kit.findUser('bob')).toMatchObject({ userID: 'bob' });
    expect(await added.kit.addFriend('denier', 'hi')).toBeNull();
    expect(added.toast).toHaveBeenCalledWith('contacts.errors.denied');
    expect(contactErrorKey(20007)).toBe('contacts.errors.blockedByThem');
    expect(contactErrorKey(12345)).toBeNull();
  });

  it('KCNT15 own profile and blocklist follow the SDK; send message switches to the chat tab', async () => {
    const { chat, kit, opened } = contactChat();
    chat.ready = true;
    kit.attach();
    await settle();
    expect(kit.me.getSnapshot()?.nick).toBe('Me');
    expect([...kit.blocked.getSnapshot()]).toEqual(['x']);
    chat.emit(EVENT.PROFILE_UPDATED, [profile('other', 'Other'), profile(chat.getLoginUser(), 'New me')]);
    expect(kit.me.getSnapshot()?.nick).toBe('New me');
    chat.emit(EVENT.BLACKLIST_UPDATED, ['y', 'z']);
    expect([...kit.blocked.getSnapshot()]).toEqual(['y', 'z']);
    const saved = await kit.updateProfile({ nick: 'Saved' });
    expect(saved.ok).toBe(true);
    expect(kit.me.getSnapshot()?.nick).toBe('Saved');
    kit.tab.put('contacts');
    kit.card.put('bob');
    kit.sendMessage('bob');
    expect(kit.tab.getSnapshot()).toBe('chat');
    expect(kit.card.getSnapshot()).toBeNull();
    expect(opened).toEqual([`${TYPES.CONV_C2C}bob`]);
  });

  it('KCNT4 new friends and the system entry select their pane; back closes the pane only', () => {
    const store = new ContactColumnStore({
      isDesktop: () => true,
      groupIDs: () => [],
      loadSystemMessages: vi.fn(),
      markSystemRead: vi.fn(),
    });
    store.toggle('friend');
    store.selectRequests();
    expect(store.getSnapshot()).toEqual({ section: 'friend', selection: { kind: 'requests' } });
    store.back();
    expect(store.getSnapshot()).toEqual({ section: 'friend', selection: { kind: 'none' } });
  });
});
