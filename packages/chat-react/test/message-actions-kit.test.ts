import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation, FakeChat, flush, history } from './fake-chat.ts';

const CONV = 'C2Cpeer';

async function openKit() {
  const chat = new FakeChat();
  const list = history(CONV, 3);
  chat.history.set(CONV, list);
  chat.conversations = [conversation(CONV)];
  const kit = new ChatKit(chat, createChatI18n('en'));
  const detach = kit.attach();
  await flush();
  kit.open(CONV);
  await flush();
  return { chat, kit, detach, list, items: () => kit.messages.getSnapshot().items };
}

describe('message actions in the kit (issue 9 §13)', () => {
  it('KACT13 MESSAGE_REVOKED turns the message into its recall line in place', async () => {
    const { chat, items, detach, list } = await openKit();
    const [, second] = list;
    chat.emit('onMessageRevoked', [{ ...second, isRevoked: true, payload: {} }]);
    expect(items().map((m) => [m.ID, m.isRevoked])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
    detach();
  });

  it('KACT13 a message deleted on another device (MESSAGE_MODIFIED, isDeleted) leaves the list; others of other conversations are ignored', async () => {
    const { chat, items, detach, list } = await openKit();
    const [first] = list;
    chat.emit('onMessageModified', [{ ...first, isDeleted: true }]);
    chat.emit('onMessageModified', [{ ...first, ID: 'm3', conversationID: 'C2Cother', isDeleted: true }]);
    expect(items().map((m) => m.ID)).toEqual(['m2', 'm3']);
    detach();
    // Detached: events no longer reach the list.
    chat.emit('onMessageRevoked', [{ ...(list[2] as object), isRevoked: true }]);
    expect(items().find((m) => m.ID === 'm3')?.isRevoked).toBe(false);
  });
});
