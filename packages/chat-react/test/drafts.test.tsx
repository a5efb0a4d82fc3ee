// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationList } from '../src/conversation-list/conversation-list.tsx';
import { DRAFT_SAVE_MS, DraftKeeper, type DraftTimers } from '../src/drafts/draft-keeper.ts';
import { MessageInput } from '../src/message-input/message-input.tsx';
import { conversation, FakeChat, flush } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

/** An SDK double that records the drafts it is asked to keep. */
class DraftChat extends FakeChat {
  readonly drafts: string[] = [];
  async setConversationDraft(o: { conversationID: string; draftText: string }) {
    this.drafts.push(`${o.conversationID}=${o.draftText}`);
    return { code: 0, data: {} };
  }
}

/** Timers the test runs by hand. */
function manualTimers(): DraftTimers & { run(): void; waiting(): number } {
  const due = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  return {
    set: (fn, ms) => {
      due.set(++next, { fn, ms });
      return next;
    },
    clear: (handle) => due.delete(handle as number),
    run: () => {
      const all = [...due.values()];
      due.clear();
      for (const t of all) {
        expect(t.ms).toBe(DRAFT_SAVE_MS);
        t.fn();
      }
    },
    waiting: () => due.size,
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

describe('drafts kept on the server (decision 0041)', () => {
  it('DRF8 typing saves once after a pause; leaving saves what waits; a send drops it and clears the saved one', async () => {
    const chat = new DraftChat();
    const timers = manualTimers();
    const keeper = new DraftKeeper(chat, () => undefined, timers);
    keeper.input('C2Cbob', 'h');
    keeper.input('C2Cbob', 'he');
    keeper.input('C2Cbob', 'hel');
    expect(timers.waiting()).toBe(1);
    expect(keeper.initial('C2Cbob')).toBe('hel');
    timers.run();
    await flush();
    expect(chat.drafts).toEqual(['C2Cbob=hel']);

    keeper.input('C2Cbob', 'hello');
    keeper.flush('C2Cbob');
    await flush();
    expect(chat.drafts).toEqual(['C2Cbob=hel', 'C2Cbob=hello']);
    expect(timers.waiting()).toBe(0);

    keeper.input('C2Cbob', 'hello there');
    keeper.sent('C2Cbob');
    await flush();
    expect(timers.waiting()).toBe(0);
    expect(chat.drafts).toEqual(['C2Cbob=hel', 'C2Cbob=hello', 'C2Cbob=']);
    // Unchanged text is not written again.
    keeper.input('C2Cbob', '');
    timers.run();
    await flush();
    expect(chat.drafts).toHaveLength(3);
  });

  it('DRF9 the input opens with the conversation draft and saves it when the conversation is left', async () => {
    const chat = new DraftChat();
    chat.conversations = [conversation('C2Cbob', { draftText: 'from my phone' })];
    const view = await renderKit(chat, () => <MessageInput conversationID="C2Cbob" />);
    cleanups.push(view.unmount);
    await view.act();
    const area = byTestId('message-input')[0] as HTMLTextAreaElement;
    expect(area.value).toBe('from my phone');
    expect(chat.drafts).toEqual([]);
    await view.act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setter?.call(area, 'from my phone, and more');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(chat.drafts).toEqual([]);
    act(() => view.unmount());
    cleanups.pop();
    await flush();
    expect(chat.drafts).toEqual(['C2Cbob=from my phone, and more']);
  });

  it.each([
    ['en', '[Draft]'],
    ['zh', '[草稿]'],
  ] as const)('DRF10 the list shows a draft in place of the last message (%s)', async (language, mark) => {
    const chat = new DraftChat();
    chat.conversations = [conversation('C2Cbob', { draftText: 'see you' }), conversation('C2Ccat')];
    const view = await renderKit(chat, () => <ConversationList />, { language });
    cleanups.push(view.unmount);
    await view.act();
    const rows = byTestId('conversation-row');
    const bob = rows.find((r) => r.dataset.conversationId === 'C2Cbob');
    expect(bob?.querySelector('[data-testid="draft-mark"]')?.textContent).toBe(mark);
    expect(bob?.textContent).toContain(`${mark} see you`);
    const cat = rows.find((r) => r.dataset.conversationId === 'C2Ccat');
    expect(cat?.querySelector('[data-testid="draft-mark"]')).toBeNull();
  });
});
