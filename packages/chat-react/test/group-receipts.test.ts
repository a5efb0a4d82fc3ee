import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { READ_PAGE } from '../src/group/read-members-store.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { errorText } from '../src/toast/error-text.ts';
import { conversation, flush } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';

const CONV = 'GROUPg1';

async function openKit(setup: (chat: FakeGroupChat) => void = () => {}, open = CONV) {
  const chat = new FakeGroupChat();
  setup(chat);
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const kit = new ChatKit(chat, createChatI18n('en'));
  kit.attach();
  await flush();
  kit.open(open);
  await flush();
  await flush();
  return { chat, kit };
}

describe('group read receipts (decision 0012)', () => {
  it('KGRP8 group messages ask for receipts; own ones get their counts once, updated by the event', async () => {
    const { chat, kit } = await openKit((c) => {
      c.history.set(CONV, [groupMessage('out1', { flow: 'out', from: 'me', needReadReceipt: true })]);
    });
    expect(chat.calls.filter((c) => c.startsWith('receiptList'))).toEqual(['receiptList out1']);
    expect(kit.messages.getSnapshot().items[0]).toMatchObject({ readCount: 1, unreadCount: 2 });
    chat.emit('onMessageReadReceiptReceived', [{ groupID: 'g1', messageID: 'out1', readCount: 3, unreadCount: 0 }]);
    expect(kit.messages.getSnapshot().items[0]).toMatchObject({ readCount: 3, unreadCount: 0 });
    chat.emit('onMessageReceived', [groupMessage('in1')]);
    await flush();
    expect(chat.calls.filter((c) => c.startsWith('receiptList'))).toEqual(['receiptList out1']);
  });

  it('KGRP8 a sent group text asks for a read receipt', async () => {
    const { chat, kit } = await openKit();
    let asked: boolean | undefined;
    const create = chat.createTextMessage.bind(chat);
    chat.createTextMessage = (o) => {
      asked = o.needReadReceipt;
      return { ...create(o), conversationID: CONV, conversationType: 'GROUP' };
    };
    kit.messages.sendText('hello');
    expect(asked).toBe(true);
  });

  it('KGRP8 incoming messages that need a receipt are acknowledged once each', async () => {
    const { chat, kit } = await openKit((c) => {
      c.history.set(CONV, [groupMessage('in1', { needReadReceipt: true }), groupMessage('in2', { sequence: 2 })]);
    });
    kit.receipts.acknowledge();
    kit.receipts.acknowledge();
    chat.emit('onMessageReceived', [groupMessage('in3', { sequence: 3, needReadReceipt: true })]);
    kit.receipts.acknowledge();
    expect(chat.calls.filter((c) => c.startsWith('receipt '))).toEqual(['receipt in1', 'receipt in3']);
  });

  it('KGRP8 the dialog lists read and unread members 15 at a time until complete', async () => {
    const { chat, kit } = await openKit((c) => {
      c.readUserIDs = Array.from({ length: 40 }, (_, i) => `r${i}`);
      c.unreadUserIDs = ['u1'];
      c.history.set(CONV, [groupMessage('out1', { flow: 'out', from: 'me', needReadReceipt: true })]);
    });
    const message = kit.messages.original('out1');
    expect(message).toBeDefined();
    kit.readMembers.open(message as NonNullable<typeof message>);
    await flush();
    const lists = () => kit.readMembers.getSnapshot().lists;
    expect(READ_PAGE).toBe(15);
    expect(lists()[0].userIDs).toHaveLength(15);
    expect(lists()[1]).toMatchObject({ userIDs: ['u1'], isCompleted: true });
    kit.readMembers.more(0);
    await flush();
    kit.readMembers.more(0);
    await flush();
    expect(lists()[0]).toMatchObject({ isCompleted: true });
    expect(lists()[0].userIDs).toEqual(chat.readUserIDs);
    kit.readMembers.more(0);
    expect(chat.calls.filter((c) => c.startsWith('readList 0'))).toEqual([
      'readList 0 ',
      'readList 0 15',
      'readList 0 30',
    ]);
  });

  it('KGRP8 with group read receipts off (10062) the dialog shows the seed text', async () => {
    const { kit } = await openKit((c) => {
      c.readListFailure = { code: 10062, message: 'disabled' };
      c.history.set(CONV, [groupMessage('out1', { flow: 'out', from: 'me', needReadReceipt: true })]);
    });
    kit.readMembers.open(kit.messages.original('out1') as NonNullable<ReturnType<typeof kit.messages.original>>);
    await flush();
    const error = kit.readMembers.getSnapshot().lists[0].error;
    expect(error?.code).toBe(10062);
    expect(errorText(error as { code: number; message: string }, kit.t)).toBe(
      'The package you purchased does not support this ability.',
    );
  });
});

describe('system notification view (decision 0012)', () => {
  const application = (ID: string, applicant: string) =>
    groupMessage(ID, {
      type: 'TIMGroupSystemNoticeElem',
      conversationID: '@TIM#SYSTEM',
      conversationType: '@TIM#SYSTEM',
      payload: { operationType: 1, applicant, groupProfile: { groupID: 'g1', name: 'Team' }, applyMessage: 'hi' },
    });

  it('KGRP9 join applications show Accept / Reject until answered, then already handled', async () => {
    const { chat, kit } = await openKit((c) => {
      c.history.set('@TIM#SYSTEM', [application('n1', 'ann'), application('n2', 'bob')]);
      c.pending = [
        { groupID: 'g1', applicant: 'ann' },
        { groupID: 'g1', applicant: 'bob' },
      ];
    });
    kit.open('@TIM#SYSTEM');
    kit.system.open();
    await flush();
    expect(chat.calls).toContain('read @TIM#SYSTEM');
    const notice = (ID: string) => kit.system.getSnapshot().notices.find((n) => n.ID === ID);
    expect(notice('n1')?.handled).toBe(false);
    await kit.system.handle('n1', 'Agree');
    expect(notice('n1')?.handled).toBe(true);
    await kit.system.handle('n1', 'Reject');
    chat.handleFailure = { code: 10024, message: 'handled' };
    await kit.system.handle('n2', 'Reject');
    expect(notice('n2')?.handled).toBe(true);
    expect(chat.calls.filter((c) => c.startsWith('handle'))).toEqual(['handle Agree n1', 'handle Reject n2']);
  });

  it('KGRP9 an application answered by another admin is handled (it left the pending list)', async () => {
    const { kit } = await openKit((c) => {
      c.history.set('@TIM#SYSTEM', [application('n1', 'ann'), application('n2', 'bob')]);
      c.pending = [{ groupID: 'g1', applicant: 'bob' }];
    });
    kit.system.open();
    await flush();
    await flush();
    const notices = kit.system.getSnapshot().notices;
    expect(notices.find((n) => n.ID === 'n1')?.handled).toBe(true);
    expect(notices.find((n) => n.ID === 'n2')?.handled).toBe(false);
  });
});
