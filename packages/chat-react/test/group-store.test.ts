import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { MUTE_SECONDS } from '../src/group/roles.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';

const CONV = 'GROUPg1';

async function openGroup(setup: (chat: FakeGroupChat) => void = () => {}) {
  const chat = new FakeGroupChat();
  setup(chat);
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const kit = new ChatKit(chat, createChatI18n('en'));
  const detach = kit.attach();
  await vi.advanceTimersByTimeAsync(0);
  kit.open(CONV);
  await vi.advanceTimersByTimeAsync(0);
  return { chat, kit, detach };
}

describe('open group store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('KGRP1 opening a group loads its profile, the own member profile and the first 100 members', async () => {
    vi.useFakeTimers();
    const { chat, kit } = await openGroup((c) => {
      for (let i = 0; i < 250; i += 1) c.members.push({ userID: `u${i}`, role: 'Member' });
    });
    const state = kit.group.getSnapshot();
    expect(state.status).toBe('ready');
    expect(state.group?.name).toBe('Team');
    expect(state.role).toBe('Member');
    expect(state.members).toHaveLength(100);
    expect(chat.calls.filter((c) => c.startsWith('members'))).toEqual(['members 0']);
    kit.group.loadMoreMembers();
    await vi.advanceTimersByTimeAsync(0);
    expect(kit.group.getSnapshot().members).toHaveLength(200);
    kit.group.loadMoreMembers();
    await vi.advanceTimersByTimeAsync(0);
    expect(kit.group.getSnapshot().members).toHaveLength(253);
    expect(kit.group.getSnapshot().nextOffset).toBe(null);
  });

  it('KGRP1 a muted member gets the input back when muteUntil passes, without any event', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { kit } = await openGroup((c) => {
      (c.members[0] as { muteUntil: number }).muteUntil = 1_700_000_000 + 90;
    });
    expect(kit.group.getSnapshot().mute).toBe('self');
    await vi.advanceTimersByTimeAsync(89_000);
    expect(kit.group.getSnapshot().mute).toBe('self');
    await vi.advanceTimersByTimeAsync(1_500);
    expect(kit.group.getSnapshot().mute).toBe(null);
  });

  it('KGRP1 a 30-day mute (longer than one setTimeout) still ends on time', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { kit } = await openGroup((c) => {
      (c.members[0] as { muteUntil: number }).muteUntil = 1_700_000_000 + MUTE_SECONDS;
    });
    await vi.advanceTimersByTimeAsync((MUTE_SECONDS - 10) * 1000);
    expect(kit.group.getSnapshot().mute).toBe('self');
    await vi.advanceTimersByTimeAsync(11_000);
    expect(kit.group.getSnapshot().mute).toBe(null);
  });

  it('KGRP1 a Mute All tip disables a member’s input and the next enables it again', async () => {
    vi.useFakeTimers();
    const { chat, kit } = await openGroup();
    expect(kit.group.getSnapshot().mute).toBe(null);
    chat.group.muteAllMembers = true;
    const tip = (ID: string, on: boolean) =>
      groupMessage(ID, {
        type: 'TIMGroupTipElem',
        payload: { operationType: 6, operatorID: 'boss', newGroupProfile: { muteAllMembers: on } },
      });
    chat.emit('onMessageReceived', [tip('t1', true)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(kit.group.getSnapshot().mute).toBe('all');
    chat.group.muteAllMembers = false;
    chat.emit('onMessageReceived', [tip('t2', false)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(kit.group.getSnapshot().mute).toBe(null);
  });

  it('KGRP1 the owner and admins may speak while Mute All is on', async () => {
    vi.useFakeTimers();
    const { kit } = await openGroup((c) => {
      c.group.muteAllMembers = true;
      (c.members[0] as { role: string }).role = 'Admin';
    });
    expect(kit.group.getSnapshot().mute).toBe(null);
  });

  it('KGRP3 writes: a name only when non-empty and changed; mute 30 days and unmute 0; roles; dismiss closes the chat', async () => {
    vi.useFakeTimers();
    const { chat, kit } = await openGroup((c) => {
      (c.members[0] as { role: string }).role = 'Owner';
    });
    expect(kit.groupActions.rename('  ')).toBe(null);
    expect(kit.groupActions.rename('Team')).toBe(null);
    expect(kit.groupActions.publishNotification('')).toBe(null);
    await kit.groupActions.rename(' New name ');
    await kit.groupActions.mute('ann', true);
    await kit.groupActions.mute('ann', false);
    await kit.groupActions.setAdmin('ann', true);
    await kit.groupActions.transfer('ann');
    await kit.groupActions.dismiss();
    expect(kit.current.getSnapshot().conversationID).toBe(null);
    expect(chat.calls.filter((c) => /^(update|mute|role|owner|dismiss)/.test(c))).toEqual([
      'update {"name":"New name"}',
      `mute ann ${MUTE_SECONDS}`,
      'mute ann 0',
      'role ann Admin',
      'owner ann',
      'dismiss g1',
    ]);
  });
});

describe('an SDK without groups', () => {
  it('KGRP3 the kit still mounts; group actions say the group module is missing', async () => {
    const { FakeChat } = await import('./fake-chat.ts');
    const chat = new FakeChat();
    chat.conversations = [conversation(CONV, { type: 'GROUP' })];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    kit.open(CONV);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kit.groupPort).toBe(null);
    expect(kit.group.getSnapshot().status).toBe('error');
    const result = await kit.groupActions.setMuteAll(true);
    expect(result.ok).toBe(false);
    expect(kit.toasts.getSnapshot().map((t) => t.text)).toContain('Please register the group module first');
  });
});

describe('leaving the open group', () => {
  it('KGRP1 a re-read that fails after the user was removed shows no toast', async () => {
    const chat = new FakeGroupChat();
    chat.conversations = [conversation(CONV, { type: 'GROUP' })];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    kit.open(CONV);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kit.group.getSnapshot().status).toBe('ready');
    chat.getGroupProfile = () => Promise.reject(Object.assign(new Error('no permission'), { code: 10007 }));
    chat.emit('onMessageReceived', [groupMessage('kick', { type: 'TIMGroupTipElem', payload: { operationType: 3 } })]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kit.toasts.getSnapshot()).toEqual([]);
    // The refusal says the user is out: the group is left, not an error (KGRP20).
    expect(kit.group.getSnapshot().status).toBe('left');
  });
});

describe('group list updates', () => {
  it('KGRP1 GROUP_LIST_UPDATED re-reads the open group only when its entry differs from what is shown', async () => {
    const chat = new FakeGroupChat();
    chat.conversations = [conversation(CONV, { type: 'GROUP' })];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    kit.open(CONV);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const reads = () => chat.calls.filter((c) => c === 'getGroupProfile').length;
    expect(reads()).toBe(1);
    chat.emit('onGroupListUpdated', [{ ...chat.group }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(1);
    chat.group.muteAllMembers = true;
    chat.emit('onGroupListUpdated', [{ ...chat.group }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads()).toBe(2);
    expect(kit.group.getSnapshot().mute).toBe('all');
  });
});
