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
