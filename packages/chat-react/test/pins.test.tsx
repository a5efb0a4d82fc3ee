// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PinnedBar } from '../src/pins/pinned-bar.tsx';
import { EVENT, type ChatMessage } from '../src/provider/chat-port.ts';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat, groupMessage } from './fake-group-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'GROUPg1';

/** A group SDK double with pins (decision 0041). */
class PinChat extends FakeGroupChat {
  pinned: ChatMessage[] = [];
  async getPinnedGroupMessageList(groupID: string) {
    this.calls.push(`pins ${groupID}`);
    return { code: 0, data: { messageList: this.pinned } };
  }
  async pinGroupMessage(o: { groupID: string; message: { ID: string }; isPinned: boolean }) {
    this.calls.push(`pin ${o.groupID} ${o.message.ID} ${o.isPinned}`);
    return { code: 0, data: {} };
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

async function openGroup(role: string, language: 'en' | 'zh' = 'en') {
  const chat = new PinChat();
  (chat.members[0] as { role: string }).role = role;
  chat.pinned = [
    groupMessage('m1', { payload: { text: 'old rule' } }),
    groupMessage('m2', { payload: { text: 'agenda' } }),
  ];
  chat.conversations = [conversation(CONV, { type: 'GROUP' })];
  const view = await renderKit(chat, () => <PinnedBar />, { language });
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act();
  return { chat, view };
}

describe('the pinned-message bar (PIN9)', () => {
  it('PIN9 shows the newest pin and the count; choosing it jumps there and moves to the next older one', async () => {
    const { chat, view } = await openGroup('Member');
    expect(chat.calls).toContain('pins g1');
    const show = () => byTestId('pinned-show')[0] as HTMLButtonElement;
    expect(show().textContent).toContain('Pinned message 2/2');
    expect(show().textContent).toContain('agenda');
    expect(show().getAttribute('aria-label')).toBe('Show pinned message: agenda');
    // A member sees no unpin.
    expect(byTestId('pinned-unpin')).toEqual([]);
    await view.act(() => show().click());
    expect(show().textContent).toContain('1/2');
    expect(show().textContent).toContain('old rule');

    // Another admin pins a third: it arrives by push and shows.
    await view.act(() =>
      chat.emit(EVENT.PINNED_GROUP_MESSAGE_UPDATED, {
        groupID: 'g1',
        message: groupMessage('m3', { payload: { text: 'new pin' } }),
        isPinned: true,
        operatorInfo: { userID: 'boss', nick: 'Boss', avatar: '' },
      }),
    );
    expect(view.kit.pins.getSnapshot().list.map((m) => m.ID)).toEqual(['m1', 'm2', 'm3']);
    // Unpinned everywhere: the bar goes when the last one goes.
    for (const ID of ['m1', 'm2', 'm3'])
      await view.act(() =>
        chat.emit(EVENT.PINNED_GROUP_MESSAGE_UPDATED, {
          groupID: 'g1',
          message: groupMessage(ID),
          isPinned: false,
          operatorInfo: { userID: 'boss', nick: 'Boss', avatar: '' },
        }),
      );
    expect(byTestId('pinned-bar')).toEqual([]);
  });

  it.each([
    ['Admin', 'en', 'Unpin'],
    ['Owner', 'zh', '取消置顶'],
  ] as const)('PIN9 an %s unpins from the bar (%s)', async (role, language, label) => {
    const { chat, view } = await openGroup(role, language);
    const unpin = byTestId('pinned-unpin')[0] as HTMLButtonElement;
    expect(unpin.textContent).toBe(label);
    await view.act(() => unpin.click());
    expect(chat.calls).toContain('pin g1 m2 false');
    if (language === 'zh') expect(byTestId('pinned-show')[0]?.textContent).toContain('置顶消息');
  });
});

describe('the pinned bar reaches old messages (SRCH47)', () => {
  it('SRCH47 a pin far back in the history opens the list at it, with its neighbours, highlighted', async () => {
    class HopPinChat extends PinChat {
      async getMessageListHopping(o: { conversationID: string; sequence: number; direction: 0 | 1; count: number }) {
        this.calls.push(`hop ${o.sequence} ${o.direction}`);
        const all = this.history.get(o.conversationID) ?? [];
        const from =
          o.direction === 0 ? all.filter((m) => m.sequence <= o.sequence) : all.filter((m) => m.sequence >= o.sequence);
        const page = o.direction === 0 ? from.slice(-o.count) : from.slice(0, o.count);
        return { code: 0, data: { messageList: page, isCompleted: page.length === from.length } };
      }
    }
    const chat = new HopPinChat();
    const old = Array.from({ length: 1200 }, (_, i) => groupMessage(`h${i + 1}`, { sequence: i + 1 }));
    chat.history.set(CONV, old);
    chat.pinned = [old[4] as ChatMessage];
    chat.conversations = [conversation(CONV, { type: 'GROUP' })];
    const view = await renderKit(chat, () => <PinnedBar />);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.open(CONV));
    await view.act();
    expect(view.kit.messages.getSnapshot().items.some((m) => m.ID === 'h5')).toBe(false);
    await view.act(() => (byTestId('pinned-show')[0] as HTMLButtonElement).click());
    await view.act();
    expect(chat.calls).toEqual(expect.arrayContaining(['hop 5 0', 'hop 6 1']));
    expect(
      view.kit.messages
        .getSnapshot()
        .items.map((m) => m.ID)
        .slice(0, 6),
    ).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    expect(view.kit.features.jumps.getSnapshot()?.ID).toBe('h5');
  });
});
