import { describe, expect, it, vi } from 'vitest';
import { ContactColumnStore } from '../src/contacts/contact-column.ts';
import { friendsByGroup } from '../src/contacts/contact-rules.ts';
import { groupSearchQuery } from '../src/group/group-search.ts';
import {
  birthdayFromInput,
  birthdayParts,
  birthdayToInput,
  isUnset,
  nickFollowsHint,
  nickText,
  sheetConfirmEnabled,
} from '../src/contacts/profile-rules.ts';

function column(desktop = true, groups = ['g1', 'g2']) {
  const fx = {
    isDesktop: () => desktop,
    groupIDs: () => groups,
    loadSystemMessages: vi.fn(),
    markSystemRead: vi.fn(),
  };
  return { store: new ContactColumnStore(fx), fx };
}

describe('contact column (seed 001 §4)', () => {
  it('KCNT1 selecting the open section again collapses it; another section replaces it', () => {
    const { store } = column();
    store.toggle('friend');
    expect(store.getSnapshot().section).toBe('friend');
    store.toggle('friend');
    expect(store.getSnapshot().section).toBe('none');
    store.toggle('friend');
    store.toggle('group');
    expect(store.getSnapshot().section).toBe('group');
  });

  it('KCNT2 opening groups on desktop selects the first group; on mobile it selects nothing; no groups, nothing', () => {
    const desktop = column(true);
    desktop.store.toggle('group');
    expect(desktop.store.getSnapshot().selection).toEqual({ kind: 'group', groupID: 'g1' });
    const mobile = column(false);
    mobile.store.toggle('group');
    expect(mobile.store.getSnapshot().selection).toEqual({ kind: 'none' });
    const empty = column(true, []);
    empty.store.toggle('group');
    expect(empty.store.getSnapshot()).toEqual({ section: 'group', selection: { kind: 'none' } });
  });

  it('KCNT3 opening the system section loads the system messages and marks them read, once per opening', () => {
    const { store, fx } = column();
    store.toggle('system');
    expect(store.getSnapshot().selection).toEqual({ kind: 'system' });
    expect(fx.loadSystemMessages).toHaveBeenCalledTimes(1);
    expect(fx.markSystemRead).toHaveBeenCalledTimes(1);
    store.toggle('system');
    expect(fx.loadSystemMessages).toHaveBeenCalledTimes(1);
    store.toggle('system');
    expect(fx.markSystemRead).toHaveBeenCalledTimes(2);
  });

  it('KCNT4 choosing a friend shows it in the right pane; the mobile back arrow closes the pane only', () => {
    const { store } = column(false);
    store.toggle('friend');
    store.selectFriend('bob');
    expect(store.getSnapshot()).toEqual({ section: 'friend', selection: { kind: 'friend', userID: 'bob' } });
    store.back();
    expect(store.getSnapshot()).toEqual({ section: 'friend', selection: { kind: 'none' } });
  });

  it('KCNT5 the group search trims the ID and ignores an empty one', () => {
    expect(groupSearchQuery('  @TGS#abc ')).toBe('@TGS#abc');
    expect(groupSearchQuery('   ')).toBeNull();
    expect(groupSearchQuery('')).toBeNull();
  });
});

describe('profile view and sheets (seed 001 §2.3, §2.4, §5)', () => {
  it('KCNT6 a nickname shows a dash when empty; empty fields count as not set', () => {
    expect(nickText('')).toBe('-');
    expect(nickText('  ')).toBe('-');
    expect(nickText('张伟')).toBe('张伟');
    expect([isUnset(''), isUnset(0), isUnset('Gender_Type_Unknown'), isUnset('hi'), isUnset(20000101)]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('KCNT7 a birthday shows as a date only with 8 digits; the picker round-trips; empty clears to 0', () => {
    expect(birthdayParts(19900215)).toEqual([1990, 2, 15]);
    expect(birthdayParts(199002)).toBeNull();
    expect(birthdayParts(0)).toBeNull();
    expect(birthdayToInput(19900215)).toBe('1990-02-15');
    expect(birthdayToInput(123)).toBe('');
    expect(birthdayFromInput('1990-02-15')).toBe(19900215);
    expect(birthdayFromInput('')).toBe(0);
  });

  it('KCNT8 the sheet confirm is disabled while the value is empty', () => {
    expect(sheetConfirmEnabled('nick', '')).toBe(false);
    expect(sheetConfirmEnabled('nick', '  ')).toBe(false);
    expect(sheetConfirmEnabled('nick', 'ab')).toBe(true);
    expect(sheetConfirmEnabled('birthday', 0)).toBe(false);
    expect(sheetConfirmEnabled('birthday', 20000101)).toBe(true);
    expect(sheetConfirmEnabled('avatar', undefined)).toBe(false);
    expect(sheetConfirmEnabled('gender', 'Gender_Type_Male')).toBe(true);
  });

  it('KCNT9 the nickname hint: Chinese characters, letters, digits and underscore, 2–20', () => {
    expect(nickFollowsHint('张伟_01')).toBe(true);
    expect(nickFollowsHint('a')).toBe(false);
    expect(nickFollowsHint('a b')).toBe(false);
    expect(nickFollowsHint('x'.repeat(21))).toBe(false);
  });
});

describe('friend groups in the friend list (reference §7)', () => {
  const friend = (userID: string, groupList?: string[]) => ({
    userID,
    remark: '',
    ...(groupList ? { groupList } : {}),
    profile: { userID, nick: userID, avatar: '' },
  });
  const view = (list: ReturnType<typeof friendsByGroup>) => list.map((h) => [h.name, h.friends.map((f) => f.userID)]);

  it('KCNT17 friends under their groups, in several when in several, the rest last; no group: one plain list', () => {
    expect(view(friendsByGroup([friend('amy'), friend('bob', [])]))).toEqual([[null, ['amy', 'bob']]]);
    expect(
      view(
        friendsByGroup([friend('amy', ['同事']), friend('bob'), friend('cat', ['家人', '同事']), friend('dan', [])]),
      ),
    ).toEqual([
      ['同事', ['amy', 'cat']],
      ['家人', ['cat']],
      [null, ['bob', 'dan']],
    ]);
    expect(view(friendsByGroup([friend('amy', ['同事'])]))).toEqual([['同事', ['amy']]]);
  });
});
