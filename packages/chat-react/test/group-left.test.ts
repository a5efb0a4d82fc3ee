import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, flush } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';

const CONV = 'GROUPg1';

/** Counts every per-group read after the user is out: members, profile, receipts, reactions. */
class LeavingChat extends FakeGroupChat {
  reactionReads = 0;
  async revokeMessage(m: ChatMessage) {
    return { code: 0, data: { message: m } };
  }
  async deleteMessage(list: ChatMessage[]) {
    return { code: 0, data: { messageList: list } };
  }
  async addMessageReaction() {
    return { code: 0, data: {} };
  }
  async removeMessageReaction() {
    return { code: 0, data: {} };
  }
  async getMessageReactions() {
    this.reactionReads += 1;
    return { code: 0, data: { resultList: [] } };
  }
}

async function openGroup() {
  const chat = new LeavingChat();
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  chat.history.set(CONV, [groupMessage('g-1', { sequence: 1 })]);
  const kit = new ChatKit(chat, createChatI18n('zh'));
  const detach = kit.attach();
  await flush();
  kit.open(CONV);
  await expect.poll(() => kit.group.getSnapshot().status).toBe('ready');
  await flush();
  return { chat, kit, detach };
}

const mine = (ID: string, sequence: number) =>
  groupMessage(ID, { from: 'me', flow: 'out', needReadReceipt: true, sequence, nick: 'Me' });

describe('after leaving a group (KGRP20)', () => {
  it('KGRP20 a tip removing the user stops every read of the group and disables the input', async () => {
    const { chat, kit, detach } = await openGroup();
    const kicked = groupMessage('tip-1', {
      type: 'TIMGroupTipElem',
      from: 'boss',
      sequence: 2,
      payload: { operationType: 3, operatorID: 'boss', userIDList: ['me'] },
    });
    chat.emit('onMessageReceived', [kicked]);
    expect(kit.group.getSnapshot()).toMatchObject({ status: 'left', mute: 'left' });
    const before = chat.calls.length;
    const reactions = chat.reactionReads;
    // More tips, a list change, a reconnect, 'view more', new messages of the group: nothing is fetched any more.
    chat.emit('onMessageReceived', [{ ...kicked, ID: 'tip-2', sequence: 3 }, mine('m-1', 4)]);
    kit.group.refresh();
    kit.group.loadMoreMembers();
    kit.receipts.acknowledge();
    await flush();
    expect(chat.calls.slice(before)).toEqual([]);
    expect(chat.reactionReads).toBe(reactions);
    expect(kit.t(`group.muted.${kit.group.getSnapshot().mute}`)).toBe('你已不在该群聊中');
    detach();
  });

  it('KGRP20 a dismissal notice, or a refused read (10007), ends the group the same way', async () => {
    const { chat, kit, detach } = await openGroup();
    const dismissed = groupMessage('n-1', {
      type: 'TIMGroupSystemNoticeElem',
      conversationID: '@TIM#SYSTEM',
      conversationType: '@TIM#SYSTEM',
      from: '@TIM#SYSTEM',
      payload: { operationType: 5, groupProfile: { groupID: 'g1', name: 'Team' } },
    });
    chat.emit('onMessageReceived', [dismissed]);
    expect(kit.group.getSnapshot().status).toBe('left');
    detach();

    const second = await openGroup();
    Object.assign(second.chat, {
      getGroupProfile: () => Promise.reject(Object.assign(new Error('not a member'), { code: 10007 })),
    });
    second.kit.group.refresh();
    await expect.poll(() => second.kit.group.getSnapshot().status).toBe('left');
    second.detach();
  });
});

describe('a new group (KGRP17)', () => {
  it('KGRP17 creating a group sends its “created” line first, which the list and the chat show as a tip', async () => {
    const chat = new LeavingChat();
    const sent: ChatMessage[] = [];
    Object.assign(chat, {
      createCustomMessage: (o: { to: string; conversationType: string; payload: unknown }) =>
        groupMessage('c-1', { ...o, type: 'TIMCustomElem', from: 'me', flow: 'out', conversationID: `GROUP${o.to}` }),
      sendMessage: async (m: ChatMessage) => {
        sent.push(m);
        return { code: 0, data: { message: m } };
      },
    });
    const kit = new ChatKit(chat, createChatI18n('zh'));
    const detach = kit.attach();
    await flush();
    await kit.groupActions.create({ name: '研发', type: 'Public' } as never);
    expect(sent).toHaveLength(1);
    const [created] = sent as [ChatMessage];
    expect(JSON.parse((created.payload as { data: string }).data)).toMatchObject({ businessID: 'group_create' });
    expect(created.to).toBe('new1');
    const { previewOf } = await import('../src/conversation-list/conversation-text.ts');
    const last = {
      lastTime: 1,
      fromAccount: 'me',
      type: created.type,
      payload: created.payload,
      messageForShow: '',
      isRevoked: false,
    };
    expect(previewOf(conversation('GROUPnew1', { lastMessage: last }), 'me', kit.t)).toBe('你创建了群聊');
    const other = { ...last, fromAccount: 'boss' };
    expect(previewOf(conversation('GROUPnew1', { lastMessage: other }), 'me', kit.t, () => '老板')).toBe(
      '老板创建了群聊',
    );
    detach();
  });
});
