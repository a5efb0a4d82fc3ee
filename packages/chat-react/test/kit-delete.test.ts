import { describe, expect, it } from 'vitest';
import { repliesOf, threadsOf } from '../src/actions/replies/reply.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, flush, history } from './fake-chat.ts';

const CONV = 'C2Cpeer';

class DeletingChat extends FakeChat {
  async deleteMessage(list: ChatMessage[]) {
    for (const m of list) m.isDeleted = true;
    return { code: 0, data: { messageList: list } };
  }
  async revokeMessage(m: ChatMessage) {
    return { code: 0, data: { message: m } };
  }
  async addMessageReaction() {
    return { code: 0, data: {} };
  }
  async removeMessageReaction() {
    return { code: 0, data: {} };
  }
  async getMessageReactions() {
    return { code: 0, data: { resultList: [] } };
  }
}

/** m1 is a root with the replies m2 and m3. */
async function openThread() {
  const chat = new DeletingChat();
  const list = history(CONV, 3);
  const entry = (ID: string) => ({ messageID: ID, messageAbstract: ID, messageSender: 'peer' });
  Object.assign(list[0] as ChatMessage, {
    cloudCustomData: JSON.stringify({ messageReplies: { replies: [entry('m2'), entry('m3')], version: 1 } }),
  });
  chat.history.set(CONV, list);
  chat.conversations = [conversation(CONV)];
  const kit = new ChatKit(chat, createChatI18n('zh'));
  const detach = kit.attach();
  await flush();
  kit.open(CONV);
  await flush();
  const root = () => kit.messages.getSnapshot().items.find((m) => m.ID === 'm1');
  return { chat, kit, detach, list, root };
}

describe('deleting a reply (KACT22)', () => {
  it('KACT22 a reply deleted here leaves its root’s count and the header’s threads at once', async () => {
    const { kit, detach, root } = await openThread();
    expect(repliesOf(root()?.cloudCustomData).map((r) => r.messageID)).toEqual(['m2', 'm3']);
    kit.actions.remove('m2');
    await flush();
    expect(repliesOf(root()?.cloudCustomData).map((r) => r.messageID)).toEqual(['m3']);
    kit.actions.remove('m3');
    await flush();
    expect(repliesOf(root()?.cloudCustomData)).toEqual([]);
    expect(threadsOf(kit.messages.getSnapshot().items)).toEqual([]);
    detach();
  });

  it('KACT22 a reply deleted on another device (MESSAGE_MODIFIED with isDeleted) leaves the root’s count too', async () => {
    const { chat, detach, root, list } = await openThread();
    chat.emit('onMessageModified', [{ ...(list[2] as ChatMessage), isDeleted: true }]);
    expect(repliesOf(root()?.cloudCustomData).map((r) => r.messageID)).toEqual(['m2']);
    // A later change of the root (another member's reply) keeps the deleted one out.
    const entry = (ID: string) => ({ messageID: ID, messageAbstract: ID, messageSender: 'peer' });
    const replies = [entry('m2'), entry('m3'), entry('m9')];
    chat.emit('onMessageModified', [
      { ...(list[0] as ChatMessage), cloudCustomData: JSON.stringify({ messageReplies: { replies, version: 2 } }) },
    ]);
    expect(repliesOf(root()?.cloudCustomData).map((r) => r.messageID)).toEqual(['m2', 'm9']);
    detach();
  });
});
