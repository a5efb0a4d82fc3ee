import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { upsert } from '../src/message-list/merge.ts';
import type { MessageItem } from '../src/message-list/message-item.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, flush, history, incoming } from './fake-chat.ts';

const CONV = 'C2Cpeer';

const item = (ID: string, sequence: number, status: MessageItem['status'] = 'success') =>
  ({ ID, sequence, status }) as unknown as MessageItem;
const ids = (items: readonly MessageItem[]) => items.map((m) => m.ID);

describe('message order in the open chat', () => {
  it('UI3 a message sent offline moves below the messages that arrived meanwhile once it is acknowledged', async () => {
    const chat = new FakeChat();
    chat.history.set(CONV, history(CONV, 1));
    chat.conversations = [conversation(CONV)];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    // The send stays pending (offline) until the test settles it.
    let settle: (m: ChatMessage) => void = () => {};
    chat.sendMessage = () =>
      new Promise((resolve) => {
        settle = (m) => resolve({ code: 0, data: { message: m } });
      });
    kit.messages.sendText('sent offline');
    const local = kit.messages.getSnapshot().items.at(-1);
    // Back online: the catch-up brings the peer's two messages, then the server acknowledges ours with sequence 4.
    chat.history.get(CONV)?.push(incoming(CONV, 'p2', 'meanwhile', 2), incoming(CONV, 'p3', 'meanwhile too', 3));
    chat.emit('netStateChange', { state: 'disconnected' });
    chat.emit('netStateChange', { state: 'connected' });
    await flush();
    expect(ids(kit.messages.getSnapshot().items)).toEqual(['m1', local?.ID, 'p2', 'p3']);
    settle({ ...(local as unknown as ChatMessage), status: 'success', sequence: 4, time: 1_700_000_004 });
    await flush();
    expect(ids(kit.messages.getSnapshot().items)).toEqual(['m1', 'p2', 'p3', local?.ID]);
  });

  it('UI3 an update that still fits stays in place; failed and sending messages keep their place', () => {
    const failed = item('f', 0, 'fail');
    const list = [item('a', 1), failed, item('b', 2)];
    // A read receipt on 'a' (a new object, same sequence) does not move it past the failed message.
    expect(ids(upsert(list, item('a', 1)))).toEqual(['a', 'f', 'b']);
    // A push arriving after a failed message goes after it; a late push with a lower sequence goes in order.
    expect(ids(upsert(list, item('c', 3)))).toEqual(['a', 'f', 'b', 'c']);
    expect(ids(upsert([item('a', 1), item('c', 3)], item('b', 2)))).toEqual(['a', 'b', 'c']);
    // A pending message acknowledged with a sequence that fits where it is stays there.
    expect(ids(upsert([item('a', 1), item('p', 0, 'unSend')], item('p', 2)))).toEqual(['a', 'p']);
  });
});
