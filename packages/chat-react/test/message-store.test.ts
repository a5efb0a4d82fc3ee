import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { isShown } from '../src/message-list/message-item.ts';
import { mergeLatest } from '../src/message-list/merge.ts';
import { FIRST_INDEX, PAGE_SIZE } from '../src/message-list/message-store.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation, FakeChat, flush, history, incoming } from './fake-chat.ts';

const CONV = 'C2Cpeer';

async function openKit(n = 40) {
  const chat = new FakeChat();
  chat.history.set(CONV, history(CONV, n));
  chat.conversations = [conversation(CONV)];
  const kit = new ChatKit(chat, createChatI18n('en'));
  const detach = kit.attach();
  await flush();
  kit.open(CONV);
  await flush();
  return { chat, kit, detach, ids: () => kit.messages.getSnapshot().items.map((m) => m.ID) };
}

describe('message list store', () => {
  it('switching conversation loads the newest 15', async () => {
    const { kit, ids } = await openKit();
    expect(PAGE_SIZE).toBe(15);
    const state = kit.messages.getSnapshot();
    expect(state.status).toBe('ready');
    expect(ids()).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 26}`));
    expect(state.firstItemIndex).toBe(FIRST_INDEX);
    expect(state.isCompleted).toBe(false);
  });

  it("'view more' prepends the older 15 and lowers firstItemIndex by as many", async () => {
    const { kit, ids } = await openKit();
    kit.messages.loadMore();
    await flush();
    expect(ids()[0]).toBe('m11');
    expect(ids()).toHaveLength(30);
    expect(kit.messages.getSnapshot().firstItemIndex).toBe(FIRST_INDEX - 15);
    kit.messages.loadMore();
    await flush();
    expect(ids()).toHaveLength(40);
    expect(kit.messages.getSnapshot()).toMatchObject({ isCompleted: true, firstItemIndex: FIRST_INDEX - 25 });
  });

  it('appends pushes of the open conversation once, ignoring duplicates and other conversations', async () => {
    const { chat, ids } = await openKit(3);
    const push = incoming(CONV, 'p1', 'hi', 4);
    chat.emit('onMessageReceived', [push]);
    chat.emit('onMessageReceived', [push, incoming('C2Cother', 'o1', 'x', 1)]);
    expect(ids()).toEqual(['m1', 'm2', 'm3', 'p1']);
  });

  it('hides deleted and typing-notice messages', () => {
    const typing = {
      ...incoming(CONV, 't', '', 1),
      type: 'TIMCustomElem',
      payload: { data: JSON.stringify({ businessID: 'user_typing_status', typingStatus: 1 }) },
    };
    expect(isShown(typing)).toBe(false);
    expect(isShown({ ...incoming(CONV, 'd', 'x', 1), isDeleted: true })).toBe(false);
    expect(isShown(incoming(CONV, 'ok', 'x', 1))).toBe(true);
  });

  it('a send shows unSend at once, then success', async () => {
    const { kit } = await openKit(1);
    kit.messages.sendText('hello');
    const pending = kit.messages.getSnapshot().items.at(-1);
    expect(pending).toMatchObject({ status: 'unSend', flow: 'out' });
    expect(pending?.time).toBeGreaterThan(0);
    await flush();
    expect(kit.messages.getSnapshot().items.at(-1)).toMatchObject({ status: 'success', sequence: 1001 });
  });

  it('a failed send is marked fail and toasts the mapped text; resend removes the old entry and adds the new one', async () => {
    const { chat, kit, ids } = await openKit(2);
    chat.sendResult = { code: 80002, message: 'too long' };
    kit.messages.sendText('x'.repeat(9000));
    await flush();
    const failed = kit.messages.getSnapshot().items.at(-1);
    expect(failed?.status).toBe('fail');
    expect(kit.toasts.getSnapshot()[0]?.text).toBe('The message you sent exceeds the maximum length (>8KB).');

    chat.emit('onMessageReceived', [incoming(CONV, 'p9', 'later', 3)]);
    expect(ids()).toEqual(['m1', 'm2', failed?.ID, 'p9']);
    chat.sendResult = 'success';
    kit.messages.resend(failed?.ID ?? '');
    expect(ids()).toEqual(['m1', 'm2', 'p9', failed?.ID]);
    await flush();
    expect(kit.messages.getSnapshot().items.at(-1)?.status).toBe('success');
    expect(chat.calls).toContain(`resend ${failed?.ID}`);
  });

  it("the peer's read receipt flips Unread to Read", async () => {
    const { chat, kit } = await openKit(0);
    kit.messages.sendText('ping');
    await flush();
    const sent = kit.messages.getSnapshot().items[0];
    expect(sent?.isPeerRead).toBe(false);
    chat.emit('onMessageReadByPeer', [{ ...incoming(CONV, sent?.ID ?? '', 'ping', 1), isPeerRead: true }]);
    expect(kit.messages.getSnapshot().items[0]?.isPeerRead).toBe(true);
  });

  it('marks read once per newest incoming message', async () => {
    const { chat, kit } = await openKit(2);
    kit.messages.markRead(2);
    await flush();
    kit.messages.markRead(0);
    await flush();
    expect(chat.calls.filter((c) => c.startsWith('read'))).toHaveLength(1);
    chat.emit('onMessageReceived', [incoming(CONV, 'n', 'new', 3)]);
    kit.messages.markRead(0);
    await flush();
    expect(chat.calls.filter((c) => c.startsWith('read'))).toHaveLength(2);
  });

  it('after a reconnect, catches up without duplicates', async () => {
    const { chat, kit, ids } = await openKit(5);
    chat.emit('netStateChange', { state: 'disconnected' });
    expect(kit.net.getSnapshot()).toBe('disconnected');
    chat.history.get(CONV)?.push(incoming(CONV, 'missed', 'while away', 6));
    chat.emit('netStateChange', { state: 'connected' });
    await flush();
    expect(ids()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'missed']);
    chat.emit('onMessageReceived', [incoming(CONV, 'missed', 'while away', 6)]);
    expect(ids()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'missed']);
  });

  it('replaces the list when the newest page does not overlap (a gap), keeping unsent local messages', () => {
    const item = (ID: string, status: 'success' | 'fail' = 'success') =>
      ({ ID, status }) as unknown as Parameters<typeof mergeLatest>[0][number];
    const shown = [item('a'), item('b'), item('local', 'fail')];
    const page = [item('x'), item('y')];
    expect(mergeLatest(shown, page, false).items.map((m) => m.ID)).toEqual(['x', 'y', 'local']);
    expect(mergeLatest(shown, [item('b'), item('c')], false)).toMatchObject({ replaced: false });
  });
});

describe('conversations and the open chat', () => {
  it('reads nothing before SDK_READY, even when the connection comes up first; then loads on SDK_READY', async () => {
    const chat = new FakeChat();
    chat.ready = false;
    chat.conversations = [conversation(CONV)];
    const kit = new ChatKit(chat, createChatI18n('en'));
    kit.attach();
    chat.emit('netStateChange', { state: 'connecting' });
    chat.emit('netStateChange', { state: 'connected' });
    await flush();
    expect(chat.calls).toEqual([]);
    expect(kit.toasts.getSnapshot()).toEqual([]);
    chat.emit('netStateChange', { state: 'connecting' });
    // Connecting during login is not a network problem: no banner.
    expect(kit.net.getSnapshot()).toBe('connected');
    chat.ready = true;
    chat.emit('sdkStateReady', undefined);
    await flush();
    expect(kit.conversations.getSnapshot()).toMatchObject({ loaded: true, list: [{ conversationID: CONV }] });
    expect(kit.net.getSnapshot()).toBe('connecting');
  });

  it('clears the chat when the open conversation disappears from the list', async () => {
    const { chat, kit } = await openKit(1);
    expect(kit.current.getSnapshot().conversationID).toBe(CONV);
    chat.emit('onConversationListUpdated', [conversation('C2Cother')]);
    expect(kit.current.getSnapshot().conversationID).toBeNull();
    expect(kit.messages.getSnapshot().items).toHaveLength(0);
  });

  it('pins, mutes and deletes through the SDK', async () => {
    const { chat, kit } = await openKit(1);
    const row = conversation(CONV);
    kit.pin(row);
    kit.mute(row);
    kit.mute({ ...row, messageRemindType: 'AcceptNotNotify' });
    kit.remove(row);
    await flush();
    expect(chat.calls.filter((c) => !c.startsWith('list') && c !== 'conversations')).toEqual([
      `pin ${CONV} true`,
      'remind peer AcceptNotNotify',
      'remind peer AcceptAndNotify',
      `delete ${CONV}`,
    ]);
    expect(kit.current.getSnapshot().conversationID).toBeNull();
  });

  it('a new chat with an unknown user reports the seed text', async () => {
    const { kit } = await openKit(0);
    expect(await kit.startC2C('nobody')).toEqual({ ok: false, code: 20003, text: 'The user does not exist' });
    expect(await kit.startC2C('someone')).toEqual({ ok: true });
    expect(kit.current.getSnapshot().conversationID).toBe('C2Csomeone');
  });

  it('announces incoming messages for the live region', async () => {
    const { chat, kit } = await openKit(0);
    chat.emit('onMessageReceived', [{ ...incoming('C2Cother', 'z', '<b>hi</b>', 1), nick: 'Li Na' }]);
    expect(kit.announcer.getSnapshot()?.text).toBe('New message from Li Na: <b>hi</b>');
  });
});
