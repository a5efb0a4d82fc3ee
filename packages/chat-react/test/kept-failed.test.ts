import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation, FakeChat, flush, history } from './fake-chat.ts';

const CONV = 'C2Cpeer';

describe('failed messages kept across a reload (SDK8)', () => {
  it("SDK8 a failed message listed by getMessageList shows its '!' and resends with the SDK's own object", async () => {
    const chat = new FakeChat();
    const kept = { ...history(CONV, 1)[0], ID: 'kept-1', status: 'fail', flow: 'out', from: 'me', sequence: 0 };
    chat.history.set(CONV, [...history(CONV, 2), kept as never]);
    chat.conversations = [conversation(CONV)];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    expect(kit.messages.getSnapshot().items.at(-1)).toMatchObject({ ID: 'kept-1', status: 'fail' });
    chat.sendResult = 'success';
    kit.messages.resend('kept-1');
    await flush();
    expect(chat.calls).toContain('resend kept-1');
    expect(kit.messages.getSnapshot().items.at(-1)).toMatchObject({ ID: 'kept-1', status: 'success' });
  });
});
