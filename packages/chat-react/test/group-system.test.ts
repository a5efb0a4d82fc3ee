import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { APPLICATION_HANDLED_EVENT } from '../src/group/system-store.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { flush } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';

const notice = (ID: string, payload: Record<string, unknown>) =>
  groupMessage(ID, {
    type: 'TIMGroupSystemNoticeElem',
    conversationID: '@TIM#SYSTEM',
    conversationType: '@TIM#SYSTEM',
    payload: { groupProfile: { groupID: 'g1', name: 'Team' }, ...payload },
  });

async function openView(setup: (chat: FakeGroupChat) => void) {
  const chat = new FakeGroupChat();
  setup(chat);
  const kit = new ChatKit(chat, createChatI18n('en'));
  kit.attach();
  kit.system.open();
  await flush();
  await flush();
  const find = (ID: string) => kit.system.getSnapshot().notices.find((n) => n.ID === ID);
  return { chat, kit, find };
}

describe('system notification view: invitations and live answers (decision 0012)', () => {
  it('KGRP10 an invitation (notice 12) shows Accept / Reject to the invitee, answered through handleGroupInvitation once', async () => {
    const { chat, kit, find } = await openView((c) => {
      c.history.set('@TIM#SYSTEM', [notice('i1', { operationType: 12, operatorID: 'boss' })]);
      c.pending = [{ groupID: 'g1', applicant: 'boss' }];
    });
    expect(find('i1')?.handled).toBe(false);
    expect(find('i1')?.from).toBe('boss');
    await kit.system.handle('i1', 'Agree');
    await kit.system.handle('i1', 'Reject');
    expect(find('i1')?.handled).toBe(true);
    expect(chat.calls.filter((c) => c.startsWith('handle'))).toEqual(['handleGroupInvitation Agree i1']);
  });

  it('KGRP10 notices 12–14 name who invited or answered, in both languages', async () => {
    const { kit, find } = await openView((c) => {
      c.history.set('@TIM#SYSTEM', [notice('a', { operationType: 13, operatorID: 'ann' })]);
    });
    const { systemNoticeText } = await import('../src/group/tip-text.ts');
    const payload = find('a')?.payload;
    expect(systemNoticeText(payload, kit.t)).toBe('ann accepted the invitation to the group Team');
    const zh = new ChatKit(new FakeGroupChat(), createChatI18n('zh'));
    expect(systemNoticeText({ ...(payload as object), operationType: 12, operatorID: 'boss' }, zh.t)).toBe(
      'boss邀请您加入群组“Team”',
    );
  });

  it('KGRP11 an application answered by another admin turns to already handled while the view is open', async () => {
    const { chat, find } = await openView((c) => {
      c.history.set('@TIM#SYSTEM', [notice('n1', { operationType: 1, applicant: 'ann', applyMessage: 'hi' })]);
      c.pending = [{ groupID: 'g1', applicant: 'ann' }];
    });
    expect(find('n1')?.handled).toBe(false);
    chat.pending = [];
    chat.emit(APPLICATION_HANDLED_EVENT, { groupID: 'g1', applicant: 'ann', handleAction: 'Agree' });
    await flush();
    expect(find('n1')?.handled).toBe(true);
    expect(chat.calls.filter((c) => c.startsWith('handle'))).toEqual([]);
  });
});
